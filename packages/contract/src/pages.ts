/** The site's name and the static head text of each page (zh-TW), shared by server and web. */
export const SITE_NAME = '星河影音';
export const SITE_DESCRIPTION =
  '星河影音：電影、影集隨選即看，租借、購買或月租暢看，還有直播頻道、節目表與兒童專區。';

export const pageTitles = {
  home: '首頁',
  browse: '瀏覽影片',
  details: '影片介紹',
  myList: '我的片單',
  redeem: '兌換序號',
  search: '搜尋',
  play: '播放',
  live: '直播頻道',
  liveChannel: '直播頻道',
  liveSimplePlayer: '直播播放',
  login: '登入',
  signUp: '註冊會員',
  forgotPassword: '忘記密碼',
  resetPassword: '重設密碼',
  confirmSignUp: '完成註冊',
  subAccounts: '子帳號管理',
  subAccountEvent: '子帳號活動',
  accountCentre: '帳戶設定',
  accountSettings: '帳戶設定',
  checkout: '結帳',
  checkoutResult: '付款結果',
  notFound: '找不到網頁',
} as const;

export type PageName = keyof typeof pageTitles;

export function documentTitle(pageTitle: string): string {
  return `${pageTitle}｜${SITE_NAME}`;
}
