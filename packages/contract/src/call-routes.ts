import type { z } from 'zod';
import type { accountCentreCalls } from './account-centre.js';
import type { accountCalls } from './accounts.js';
import type { ReplyData } from './call.js';
import type { catalogueCalls } from './catalogue.js';
import type { catchupPageCalls } from './catchup.js';
import type { inboxCalls } from './engagement.js';
import type { listCalls } from './lists.js';
import type { livePageCalls } from './live.js';
import type { orderCalls } from './orders.js';
import type { partnerCalls } from './partners.js';
import type { passwordResetCalls } from './password-reset.js';
import type { playbackCalls } from './playback.js';
import type { deviceCalls } from './registered-devices.js';
import type { searchCalls } from './search.js';
import type { pageCalls, siteContentCalls } from './site-content.js';
import type { subAccountCalls } from './sub-accounts.js';
import type { voucherCalls } from './vouchers.js';
import { engagementCalls } from './engagement-calls.js';
import { siteCalls } from './routes.js';

/**
 * The site face's calls as a client needs them at run time: method and path, typed by the
 * call's description (issue 21, ADR 0034). This module imports the descriptions for their
 * types only, so a client that calls through it loads no zod; call-routes.test.ts holds every
 * route to its description's method and path.
 */

/** Every described site call, by name (the names of the modules' `…Calls` objects). */
export type SiteCallDescriptions = typeof accountCalls &
  typeof passwordResetCalls &
  typeof subAccountCalls &
  typeof partnerCalls &
  typeof catalogueCalls &
  typeof pageCalls &
  typeof siteContentCalls &
  typeof searchCalls &
  typeof listCalls &
  typeof livePageCalls &
  typeof catchupPageCalls &
  typeof inboxCalls &
  typeof playbackCalls &
  typeof orderCalls &
  typeof voucherCalls &
  typeof accountCentreCalls &
  typeof deviceCalls;

export type SiteCallName = keyof SiteCallDescriptions;

/** What a route needs of a description's type (any `CallDescription`, whatever its access). */
export interface DescribedCall {
  readonly input?: z.ZodType;
  readonly reply: z.ZodType;
}

/** A call's method and path; `description` is never present at run time, it carries the type. */
export interface CallRoute<Description extends DescribedCall = DescribedCall> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly description?: Description;
}

/** What a call takes: its input schema's input type, or nothing when it has no input. */
export type CallInput<Route> =
  Route extends CallRoute<infer D>
    ? D extends { readonly input?: infer Input }
      ? Input extends z.ZodType
        ? z.ZodType extends Input
          ? Record<string, never> | undefined
          : z.input<Input>
        : Record<string, never> | undefined
      : never
    : never;

/** What a call answers: the `data` of its envelope. */
export type CallReply<Route> =
  Route extends CallRoute<infer D>
    ? D extends { readonly reply: infer Reply extends z.ZodType }
      ? ReplyData<Reply>
      : never
    : never;

type Routes = { readonly [Name in SiteCallName]: CallRoute<SiteCallDescriptions[Name]> };

const get = (path: string) => ({ method: 'GET', path }) as const;
const post = (path: string) => ({ method: 'POST', path }) as const;
const s = siteCalls;

/** The route of every described site call; `call(callRoutes.login, credentials)` on the web. */
export const callRoutes: Routes = {
  // accounts
  signUp: post(s.signUp),
  confirmSignUp: post(s.confirmSignUp),
  login: post(s.login),
  logout: post(s.logout),
  logoutAllDevices: post(s.logoutAllDevices),
  changePassword: post(s.changePassword),
  requestPasswordReset: post(s.requestPasswordReset),
  resetPassword: post(s.resetPassword),
  getIsLogin: get(s.getIsLogin),
  getLoginInfo: get(s.getLoginInfo),
  checkDeviceType: get(s.checkDeviceType),
  getHeaderMemberInfo: get(s.getHeaderMemberInfo),
  getHeaderAccountInfo: get(s.getHeaderAccountInfo),
  // sub-accounts
  getSubaccountInfo: get(s.getSubaccountInfo),
  showSubaccountSelect: get(s.showSubaccountSelect),
  changeSubAccount: post(s.changeSubAccount),
  createSubAccount: post(s.createSubAccount),
  updateSubAccount: post(s.updateSubAccount),
  deleteSubAccount: post(s.deleteSubAccount),
  setKidPin: post(s.setKidPin),
  unlockKidPin: post(s.unlockKidPin),
  // partners
  bindLoginData: post(s.bindLoginData),
  kbroBindLoginData: post(s.kbroBindLoginData),
  // catalogue
  filterCategoryVideoListData: get(s.filterCategoryVideoListData),
  findMainCategoryMenu3: get(s.findMainCategoryMenu3),
  getPageDataMain: get(s.getPageDataMain),
  findVideoGroup: get(s.findVideoGroup),
  findUxCategory: get(s.findUxCategory),
  getHeaderDataMain: get(s.getHeaderDataMain),
  getHeaderVideo: get(s.getHeaderVideo),
  findVideoDetail: get(s.findVideoDetail),
  findNextOrPrevVideo: get(s.findNextOrPrevVideo),
  findBundleVideoListNextPlay: get(s.findBundleVideoListNextPlay),
  checkNewIconHint: get(s.checkNewIconHint),
  updateNewIconHint: post(s.updateNewIconHint),
  // site content
  findWording: get(s.findWording),
  findGroupWording: get(s.findGroupWording),
  getConstants: get(s.getConstants),
  getFooterData: get(s.getFooterData),
  blogInfo: get(s.blogInfo),
  findOpeningPage: get(s.findOpeningPage),
  findRegisterActivityEntry: get(s.findRegisterActivityEntry),
  // search
  buildSearchPage: get(s.buildSearchPage),
  autoCompleteKeyword: get(s.autoCompleteKeyword),
  getHotKeyword: get(s.getHotKeyword),
  // lists
  updateToViewList: post(s.updateToViewList),
  updateFavorite: post(s.updateFavorite),
  findVideoListData: get(s.findVideoListData),
  findVideoListCount: get(s.findVideoListCount),
  findRentalVideoList2: get(s.findRentalVideoList2),
  findViewRecord: get(s.findViewRecord),
  deleteViewRecord: post(s.findViewRecord),
  saveWatchPosition: post(s.saveWatchPosition),
  getWatchPosition: get(s.getWatchPosition),
  removeKeepWatch: post(s.removeKeepWatch),
  // live (the live page's paths are spelt here: live.ts, which holds them, builds schemas)
  getLivePageData: get('/ajax/ajaxGetLivePageData.do'),
  switchChannel: get('/ajax/ajaxSwitchChannel.do'),
  findTwitchContentData: get('/ajax/ajaxFindTwitchContentData.do'),
  findChannelGroupList: get(s.findChannelGroupList),
  // start over and catch-up (catchup.ts holds the paths and builds schemas, as live.ts)
  findCatchupProgramList: get('/ajax/ajaxFindCatchupProgramList.do'),
  getProgramPlay: get('/ajax/ajaxGetProgramPlay.do'),
  saveProgramPosition: post('/ajax/ajaxSaveProgramPosition.do'),
  findProgramHistoryList: get('/ajax/ajaxFindProgramHistoryList.do'),
  // engagement
  findInboxMessageList: get(engagementCalls.findInboxMessageList),
  findInboxUnreadCount: get(engagementCalls.findInboxUnreadCount),
  updateMsg: post(engagementCalls.updateMsg),
  findActAnnounceQueue: get(engagementCalls.findActAnnounceQueue),
  // playback, commerce
  findVideoPlayRight: get(s.findVideoPlayRight),
  buildPaymentURLData: post(s.buildPaymentURLData),
  findOrderData: get(s.findOrderData),
  findPurchaseOptions: get(s.findPurchaseOptions),
  changeVoucherContent: post(s.changeVoucherContent),
  redeemVoucherData: post(s.redeemVoucherData),
  findWalletData: get(s.findWalletData),
  // account centre
  getAccountProfile: get(s.getAccountProfile),
  updateAccountContact: post(s.updateAccountContact),
  findWalletLedger: get(s.findWalletLedger),
  findOrderList: get(s.findOrderList),
  findOrderReceipt: get(s.findOrderReceipt),
  getMonthlyServiceStatus: get(s.getMonthlyServiceStatus),
  // registered devices and streams
  findDeviceList: get(s.findDeviceList),
  renameDevice: post(s.renameDevice),
  removeDevice: post(s.removeDevice),
  stopStream: post(s.stopStream),
};
