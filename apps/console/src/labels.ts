/** zh-TW names of the catalogue's values in the console. */
export const KIND_LABELS = {
  movie: '電影',
  series: '影集',
  season: '季',
  episode: '單集',
} as const;

export const STATE_LABELS = { draft: '草稿', published: '已發布' } as const;

export const SELL_TYPE_LABELS = {
  FREE: '免費',
  AVOD: '免費（含廣告）',
  RENT: '租借',
  BUY: '購買',
  MONTHLY: '月租',
} as const;

export const GRADE_LABELS = {
  '0+': '普遍級',
  '6+': '保護級',
  '12+': '輔12級',
  '15+': '輔15級',
  '18+': '限制級',
} as const;

/** The audit's entity names. */
export const ENTITY_LABELS: Record<string, string> = {
  staff: '員工',
  title: '影片',
  media_job: '轉檔工作',
  'care.member.search': '客服查詢會員',
  'care.member.view': '客服查閱會員資料',
};

/** The audit trail's field names, as the console's forms name them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  displayName: '姓名',
  email: '電子郵件',
  roles: '角色',
  disabled: '停用',
  secondFactorEnrolled: '已設定驗證器',
  name: '片名',
  synopsis: '簡介',
  year: '年份',
  country: '國家',
  mainCategoryId: '主分類',
  subcategoryId: '子分類',
  grade: '分級',
  isRestricted: '限制觀看',
  isSexual: '含性內容',
  kidSafe: '適合兒童',
  sellType: '販售方式',
  price: '價格',
  onShelfAt: '上架時間',
  offShelfAt: '下架時間',
  state: '狀態',
  clipId: '正片影片檔',
  trailerClipId: '預告片影片檔',
  sourceName: '檔名',
  encrypt: '加密',
};
