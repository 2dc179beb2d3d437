import { SITE_NAME, pageTitles } from '@site/contract';
import type { ListType } from '@site/contract';

/**
 * Every string a person reads on the site. The spec's Chinese wording is verbatim; the words it
 * gives in English are shown in zh-TW (DESIGN §4).
 */
export const t = {
  siteName: SITE_NAME,
  pageTitles,

  common: {
    skipToContent: '跳至主要內容',
    loading: '載入中…',
    retry: '重試',
    /** SPEC §2 'go now'. */
    goNow: '立即前往',
    backHome: '回到首頁',
    seeAll: '查看全部',
    play: '播放',
    loadFailed: '資料載入失敗，請稍後再試。',
    actionFailed: '操作失敗，請檢查網路連線後再試一次。',
    cancel: '取消',
    confirm: '確認',
    checking: '確認中…',
  },

  nav: {
    label: '主選單',
    home: '首頁',
    browse: '瀏覽',
    live: '直播',
    myList: '我的片單',
    redeem: '兌換序號',
    login: '登入',
    signUp: '註冊',
    openMenu: '開啟選單',
    closeMenu: '關閉選單',
    search: {
      label: '搜尋影片',
      placeholder: '搜尋片名、演員',
      submit: '搜尋',
    },
  },

  account: {
    label: '會員',
    switchUser: '切換使用者',
    manage: '子帳號管理',
    logout: '登出',
    loggingOut: '登出中…',
    kidMode: '兒童模式',
  },

  listTypes: {
    watching: '繼續觀看',
    viewlist: '待看清單',
    purchased: '租借/購買',
    favorite: '我的最愛',
    history: '觀看紀錄',
  } satisfies Record<ListType, string>,

  footer: {
    label: '頁尾',
    blog: '官方部落格',
    terms: '服務條款',
    privacy: '隱私權政策',
    customerService: '客服專線 0800-000-123（每日 09:00–21:00）',
    copyright: `© 2026 ${SITE_NAME} 版權所有`,
  },

  promo: {
    headline: '好片隨選，全家一起看',
    bullets: [
      '連接家中電視，大螢幕追劇更過癮',
      '高畫質串流，觀賞品質有保障',
      '家庭共享超輕鬆，一個帳號全家都能看',
    ],
    devicesHeading: '多種裝置，隨處都能看',
    deviceBullets: [
      '智慧電視：直接開啟 App，遙控器就能選片',
      'Android TV：大螢幕流暢播放，操作簡單直覺',
      '機上盒：接上電視即可收看隨選影片與直播頻道',
      'Chromecast 投放：手機選片，一鍵投放到電視',
      '兒童專區：專為孩子挑選的安心內容',
    ],
    cta: '開始瀏覽',
  },

  home: {
    latestMovies: '最新上架電影',
    liveRow: '直播頻道',
    emptyRow: '目前沒有影片。',
  },

  card: {
    free: '免費',
    liveBadge: '直播',
  },

  sellTypes: {
    FREE: '免費',
    AVOD: '免費（含廣告）',
    RENT: '租借',
    BUY: '購買',
    MONTHLY: '月租',
  },

  orderBys: {
    latest: '最新上架',
    oldest: '最早上架',
    name: '片名',
    priceLow: '價格由低到高',
    priceHigh: '價格由高到低',
  },

  countries: {
    TW: '台灣',
    JP: '日本',
    KR: '韓國',
    US: '美國',
    GB: '英國',
    FR: '法國',
    HK: '香港',
    CN: '中國大陸',
    TH: '泰國',
    IN: '印度',
  },

  browse: {
    filtersLabel: '篩選條件',
    mainCategory: '類別',
    subcategory: '子類別',
    year: '年份',
    country: '國家／地區',
    orderBy: '排序',
    sellType: '觀看方式',
    all: '全部',
    resultCount: (n: number) => `共 ${n} 部影片`,
    empty: '找不到符合條件的影片，請試試其他篩選條件。',
    resetFilters: '清除篩選條件',
    results: '影片列表',
  },

  pager: {
    label: '分頁',
    previous: '上一頁',
    next: '下一頁',
    page: (n: number) => `第 ${n} 頁`,
  },

  details: {
    /** SPEC §2 'wrong URL data'. */
    wrongUrlData: '網址資料錯誤',
    loadingInfo: '影片資訊載入中',
    contentId: '影片編號',
    otherId: '所屬節目編號',
  },

  play: {
    loading: '正在確認觀看權限…',
    backToDetails: '回到影片介紹',
  },

  player: {
    videoLabel: (title: string) => `${title} 影片播放器`,
    quality: '畫質',
    qualityAuto: '自動',
    subtitles: '字幕',
    subtitlesOff: '關閉',
    loading: '影片載入中…',
    /** SPEC §8, after 10 playback errors. */
    fatal: '此頻道目前無法觀看，請重新整理頁面後再試。',
    unsupported: '您的瀏覽器不支援此影片格式，請改用最新版 Chrome、Edge、Firefox 或 Safari。',
  },

  live: {
    intro: '選擇頻道分類，找到想看的直播節目。',
    groupsLabel: '頻道分類',
    empty: '目前沒有直播頻道。',
    channelLabel: (id: string) => `頻道 ${id}`,
  },

  liveSimplePlayer: {
    intro: '此頻道以簡易播放器播出。',
    channel: (id: string) => `頻道編號：${id}`,
    backToLive: '回到直播頻道',
  },

  share: {
    /** SPEC §5 / §8 alerts, shown in zh-TW (DESIGN §4). */
    noShareableLink: '沒有可分享的連結',
    linkCopied: '已複製連結',
    textCopied: '已複製文字',
  },

  myList: {
    tabsLabel: '片單分類',
    empty: (name: string) => `「${name}」目前沒有影片。`,
    loginHint: '登入後即可查看您的個人片單。',
  },

  redeem: {
    intro: '輸入序號即可兌換影片、月租服務、儲值金或看片金。',
    tabsLabel: '兌換類型',
    tabs: {
      title: '兌換單片或月租',
      credit: '儲值金或看片金',
    },
    serialNumber: '序號',
    serialPlaceholder: '請輸入序號',
    submit: '確認兌換',
    loginHint: '請先登入會員再兌換序號。',
    terms: [
      '單片序號兌換後須於 7 天（168 小時）內開始觀看，開始觀看後 48 小時內看完。',
      '月租服務於到期前可無限次觀看，到期後需付費續訂。',
      '每組序號限兌換一次，逾期未兌換視同放棄。',
      '請勿重複輸入序號；送出後請稍候幾分鐘，否則序號可能失效。',
      '看片金到期自動失效，儲值金不得轉讓。',
    ],
  },

  search: {
    label: '搜尋關鍵字',
    resultsFor: (q: string) => `「${q}」的搜尋結果`,
    noQuery: '請在上方輸入片名或關鍵字。',
    noResults: (q: string) => `找不到與「${q}」相關的影片。`,
  },

  login: {
    intro: '登入會員，繼續觀看您的片單與直播頻道。',
    account: '帳號（電子郵件或手機號碼）',
    password: '密碼',
    submit: '登入',
    submitting: '登入中…',
    noAccount: '還沒有帳號？',
    signUpLink: '立即註冊',
    alreadyLoggedIn: (nickname: string) => `您目前已用「${nickname}」登入。`,
    continue: '繼續',
  },

  signUp: {
    intro: '註冊會員，即可租借、購買影片並建立個人片單。',
    account: '帳號（電子郵件或手機號碼）',
    accountHint: '例如 name@example.com 或 0912345678',
    password: '密碼',
    passwordHint: '8 到 72 個字元，需同時包含英文字母與數字。',
    passwordConfirm: '確認密碼',
    mismatch: '兩次輸入的密碼不一致。',
    submit: '註冊',
    submitting: '註冊中…',
    haveAccount: '已經有帳號了？',
    loginLink: '前往登入',
  },

  /** The "who is watching" screen after login and behind 切換使用者. */
  subAccountSelect: {
    title: '誰在觀看？',
    intro: '選擇使用者，每位家人都有自己的片單與觀看紀錄。',
    listLabel: '使用者',
    kid: '兒童',
    current: '使用中',
    manage: '管理子帳號',
  },

  /** Asked of a kid session before it may leave kid mode or manage sub-accounts. */
  ownerProof: {
    title: '需要家長同意',
    description: '兒童模式下，這項操作需要輸入家長的帳號密碼或兒童模式 PIN 碼。',
    label: '家長密碼或 PIN 碼',
  },

  /** The avatars a sub-account picks from (iconIdx 0–7), as the server describes them. */
  avatars: [
    '橘色小熊',
    '紅色狐狸',
    '綠色青蛙',
    '藍色鯨魚',
    '紫色貓咪',
    '粉紅兔子',
    '青色烏龜',
    '橙色老虎',
  ],

  subAccounts: {
    intro: '一個帳號可建立多個子帳號，讓家人各自擁有片單與觀看紀錄；也可開啟兒童模式。',
    loginHint: '請先登入會員再管理子帳號。',
    listHeading: (count: number, max: number) => `使用者（${count}／${max}）`,
    primary: '主帳號',
    kid: '兒童',
    current: '使用中',
    filterOn: '限制級內容：已過濾',
    filterOff: '限制級內容：未過濾',
    switchTo: (nickname: string) => `切換到「${nickname}」`,
    switchShort: '切換',
    edit: (nickname: string) => `編輯「${nickname}」`,
    editShort: '編輯',
    delete: (nickname: string) => `刪除「${nickname}」`,
    deleteShort: '刪除',
    addHeading: '新增使用者',
    add: '新增使用者',
    adding: '新增中…',
    added: (nickname: string) => `已新增「${nickname}」。`,
    full: (max: number) => `每個帳號最多 ${max} 個使用者，已經達到上限。`,
    nickname: '暱稱',
    nicknameHint: '暱稱的第一個字必須是中文字。',
    icon: '頭像',
    kidMode: '兒童模式',
    kidModeHint: '只顯示兒童專區內容；離開兒童模式需要家長密碼或 PIN 碼。',
    primaryNoKid: '主帳號不能設為兒童模式。',
    filter: '過濾限制級內容',
    filterKidHint: '兒童模式一律過濾限制級內容。',
    save: '儲存',
    saving: '儲存中…',
    saved: (nickname: string) => `已更新「${nickname}」。`,
    filterPasswordTitle: '關閉限制級內容過濾',
    filterPasswordDescription: '關閉過濾後可觀看限制級內容，請重新輸入帳號密碼確認。',
    password: '帳號密碼',
    deleteTitle: (nickname: string) => `刪除「${nickname}」？`,
    deleteDescription: '這個使用者的片單與觀看紀錄將一併刪除，而且無法復原。',
    deleting: '刪除中…',
    deleted: (nickname: string) => `已刪除「${nickname}」。`,
    pinHeading: '兒童模式 PIN 碼',
    pinIntro: '離開兒童模式或在兒童模式下管理子帳號時，可以用這組 PIN 碼代替密碼。',
    pin: 'PIN 碼',
    pinHint: '4 到 6 位數字',
    pinSubmit: '設定 PIN 碼',
    pinSaved: '已設定 PIN 碼。',
    securityHeading: '帳號安全',
    oldPassword: '目前的密碼',
    newPassword: '新密碼',
    newPasswordConfirm: '確認新密碼',
    changePassword: '變更密碼',
    passwordChanged: '已變更密碼，其他裝置都已登出。',
    logoutAll: '登出所有裝置',
    logoutAllHint: '所有裝置（包括這一台）與 App 都會登出。',
    logoutAllTitle: '確定要登出所有裝置嗎？',
    partnerHeading: '綁定帳號',
    partnerIntro: '綁定電信門號或 kbro 有線電視帳號，即可享有合作方案。',
    telecomHeading: '電信門號',
    telecomId: '手機號碼',
    telecomHint: '09 開頭的 10 位數字',
    kbroHeading: 'kbro 有線電視',
    kbroId: 'kbro 帳號',
    kbroHint: 'K 加 9 位數字，例如 K000000001',
    verificationCode: '驗證碼',
    codeHint: '6 位數字',
    reserveLegend: '若這個帳號已綁定其他會員',
    reserveKeep: '保留原綁定',
    reserveMove: '改綁到目前帳號',
    bind: '綁定',
    bound: (masked: string) => `已綁定 ${masked}。`,
    kidLocked:
      '兒童模式下不能變更密碼、設定 PIN 碼、綁定帳號或登出所有裝置，請先切換到成人使用者。',
  },

  subAccountEvent: {
    headline: '家庭共享活動：一個帳號，全家一起看',
    intro: '為每位家人建立自己的使用者，片單與觀看紀錄各自獨立，孩子也有專屬的兒童模式。',
    bullets: [
      '每個帳號最多可建立 5 個使用者',
      '每位家人都有自己的片單與觀看紀錄',
      '兒童模式只顯示兒童專區內容，並自動過濾限制級內容',
      '離開兒童模式需要家長密碼或 PIN 碼',
    ],
    progressHeading: '您的進度',
    progressLabel: '已建立的使用者',
    progress: (count: number, max: number) => `已建立 ${count}／${max} 個使用者`,
    cta: '為家人建立使用者',
    complete: '太棒了！您已建立全部使用者，全家都能一起看。',
    manage: '管理子帳號',
    loggedOut: '註冊會員後，就能為每位家人建立自己的使用者。',
    signUpCta: '立即註冊',
    haveAccount: '已經是會員？',
  },

  notFound: {
    message: '您要找的網頁不存在，可能已移除或網址有誤。',
  },
} as const;
