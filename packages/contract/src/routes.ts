/** Paths of the two HTTP faces and the pages, shared by server, web app and tests (DESIGN §4). */
export const siteCalls = {
  filterCategoryVideoListData: '/ajax/ajaxFilterCategoryVideoListData.do',
  findMainCategoryMenu3: '/ajax/ajaxFindMainCategoryMenu3.do',
  findChannelGroupList: '/ajax/ajaxFindChannelGroupList.do',
  findVideoPlayRight: '/ajax/ajaxFindVideoPlayRight.do',
  signUp: '/ajax/ajaxSignUp.do',
  confirmSignUp: '/ajax/ajaxConfirmSignUp.do',
  login: '/ajax/ajaxLogin.do',
  logout: '/ajax/ajaxLogout.do',
  logoutAllDevices: '/ajax/ajaxLogoutAllDevices.do',
  changePassword: '/ajax/ajaxChangePassword.do',
  requestPasswordReset: '/ajax/ajaxRequestPasswordReset.do',
  resetPassword: '/ajax/ajaxResetPassword.do',
  getIsLogin: '/ajax/ajaxGetIsLogin.do',
  getLoginInfo: '/ajax/ajaxGetLoginInfo.do',
  checkDeviceType: '/ajax/ajaxCheckDeviceType.do',
  getSubaccountInfo: '/ajax/ajaxGetSubaccountInfo.do',
  showSubaccountSelect: '/ajax/ajaxShowSubaccountSelect.do',
  changeSubAccount: '/ajax/ajaxChangeSubAccount.do',
  createSubAccount: '/ajax/ajaxCreateSubAccount.do',
  updateSubAccount: '/ajax/ajaxUpdateSubAccount.do',
  deleteSubAccount: '/ajax/ajaxDeleteSubAccount.do',
  setKidPin: '/ajax/ajaxSetKidPin.do',
  unlockKidPin: '/ajax/ajaxUnlockKidPin.do',
  getHeaderMemberInfo: '/ajax/ajaxGetHeaderMemberInfo.do',
  getHeaderAccountInfo: '/ajax/ajaxGetHeaderAccountInfo.do',
  bindLoginData: '/ajax/ajaxBindLoginData.do',
  kbroBindLoginData: '/ajax/ajaxKbroBindLoginData.do',
  buildSearchPage: '/ajax/ajaxBuildSearchPage.do',
  autoCompleteKeyword: '/ajax/ajaxAutoCompleteKeyword.do',
  getHotKeyword: '/ajax/ajaxGetHotKeyword.do',
  findWording: '/ajax/ajaxFindWording.do',
  findGroupWording: '/ajax/ajaxFindGroupWording.do',
  getConstants: '/ajax/ajaxGetConstants.do',
  getFooterData: '/ajax/ajaxGetFooterData.do',
  blogInfo: '/ajax/ajaxBlogInfo.do',
  findOpeningPage: '/ajax/ajaxFindOpeningPage.do',
  findRegisterActivityEntry: '/ajax/ajaxFindRegisterActivityEntry.do',
  checkNewIconHint: '/ajax/ajaxCheckNewIconHint.do',
  updateNewIconHint: '/ajax/ajaxUpdateNewIconHint.do',
  getHeaderDataMain: '/ajax/ajaxGetHeaderDataMain.do',
  getHeaderVideo: '/ajax/ajaxGetHeaderVideo.do',
  getPageDataMain: '/ajax/ajaxGetPageDataMain.do',
  findVideoGroup: '/ajax/ajaxFindVideoGroup.do',
  findUxCategory: '/ajax/ajaxFindUxCategory.do',
  findNextOrPrevVideo: '/ajax/ajaxFindNextOrPrevVideo.do',
  findBundleVideoListNextPlay: '/ajax/ajaxFindBundleVideoListNextPlay.do',
  findVideoDetail: '/ajax/ajaxFindVideoDetail.do',
  updateToViewList: '/ajax/ajaxUpdateToViewList.do',
  updateFavorite: '/ajax/ajaxUpdateFavorite.do',
  findVideoListData: '/ajax/ajaxFindVideoListData.do',
  findVideoListCount: '/ajax/ajaxFindVideoListCount.do',
  findRentalVideoList2: '/ajax/ajaxFindRentalVideoList2.do',
  findViewRecord: '/ajax/ajaxFindViewRecord.do',
  saveWatchPosition: '/ajax/ajaxSaveWatchPosition.do',
  getWatchPosition: '/ajax/ajaxGetWatchPosition.do',
  removeKeepWatch: '/ajax/ajaxRemoveKeepWatch.do',
  buildPaymentURLData: '/ajax/ajaxBuildPaymentURLData.do',
  findOrderData: '/ajax/ajaxFindOrderData.do',
  findPurchaseOptions: '/ajax/ajaxFindPurchaseOptions.do',
  redeemVoucherData: '/ajax/ajaxRedeemVoucherData.do',
  changeVoucherContent: '/ajax/ajaxChangeVoucherContent.do',
  findWalletData: '/ajax/ajaxFindWalletData.do',
  findDeviceList: '/ajax/ajaxFindDeviceList.do',
  renameDevice: '/ajax/ajaxRenameDevice.do',
  removeDevice: '/ajax/ajaxRemoveDevice.do',
  stopStream: '/ajax/ajaxStopStream.do',
  getAccountProfile: '/ajax/ajaxGetAccountProfile.do',
  updateAccountContact: '/ajax/ajaxUpdateAccountContact.do',
  findWalletLedger: '/ajax/ajaxFindWalletLedger.do',
  findOrderList: '/ajax/ajaxFindOrderList.do',
  findOrderReceipt: '/ajax/ajaxFindOrderReceipt.do',
  getMonthlyServiceStatus: '/ajax/ajaxGetMonthlyServiceStatus.do',
} as const;

/** Gateway calls for the apps (DESIGN §4): the viewer is named by the ssoSession token. */
export const gatewayCalls = {
  login: '/gw/Login.json',
  logout: '/gw/Logout.json',
  getLoginInfo: '/gw/GetLoginInfo.json',
  findVideoList: '/gw/FindVideoList.json',
  findVideoContentBrief: '/gw/FindVideoContentBrief.json',
  findUxTopMenu: '/gw/FindUxTopMenu.json',
  findUxCharacter: '/gw/FindUxCharacter.json',
  findMainCategoryMenu3: '/gw/FindMainCategoryMenu3.json',
  updateToViewList: '/gw/UpdateToViewList.json',
} as const;

export const guidePaths = { xmltv: '/epg/xmltv.xml' } as const;

/** Every page route of the web app (DESIGN §4), in React Router syntax. */
export const pageRoutes = {
  home: '/',
  browse: '/browse',
  details: '/details/:contentId/:otherId',
  myList: '/my-list/:listType',
  redeem: '/redeem',
  search: '/search',
  play: '/play/:contentId',
  live: '/LiveChannel',
  liveChannel: '/LiveChannel/:channelId',
  liveSimplePlayer: '/LiveSimplePlayer/:channelId',
  login: '/login.do',
  signUp: '/goSignUpPage.do',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmSignUp: '/confirm-sign-up',
  subAccounts: '/account/sub-accounts',
  subAccountEvent: '/account/sub-account-event',
  accountCentre: '/account',
  /** The account centre's old address: the web app sends it on to /account. */
  accountSettings: '/account/settings',
  checkout: '/checkout',
  checkoutResult: '/checkout/result',
} as const;

/** SPEC §3 list type keys. */
export const listTypes = ['watching', 'viewlist', 'purchased', 'favorite', 'history'] as const;
export type ListType = (typeof listTypes)[number];

export function detailsPath(contentId: string, otherId: string): string {
  return `/details/${encodeURIComponent(contentId)}/${encodeURIComponent(otherId)}`;
}

/** The prefix of the link strings our replies carry for a title (docs/adr/0029). */
export const DETAIL_LINK_PREFIX = 'video';

/**
 * SPEC §2's link string of a title's detail page, 'prefix:A|B', which opens /details/B/A: the
 * second id is the title shown (contentId), the first its context (otherId: the series of an
 * episode, else the title itself).
 */
export function detailLinkString(contentId: string, otherId: string): string {
  return `${DETAIL_LINK_PREFIX}:${otherId}|${contentId}`;
}
export function liveChannelPath(channelId: string): string {
  return `/LiveChannel/${encodeURIComponent(channelId)}`;
}
