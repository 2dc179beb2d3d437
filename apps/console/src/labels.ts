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
};
