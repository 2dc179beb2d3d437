import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { pageRoutes } from '@site/contract';
import { Layout } from './Layout';
import { registerPagePreloader } from '../routing/page-preload';
import { lazyPage, type LazyPage } from './lazy-page';

// Each page is its own chunk, so the first visit downloads only the page it opens.
const pages = {
  home: lazyPage(() => import('../pages/home/HomePage')),
  browse: lazyPage(() => import('../pages/browse/BrowsePage')),
  details: lazyPage(() => import('../pages/details/DetailsPage')),
  myList: lazyPage(() => import('../pages/my-list/MyListPage')),
  redeem: lazyPage(() => import('../pages/redeem/RedeemPage')),
  search: lazyPage(() => import('../pages/search/SearchPage')),
  play: lazyPage(() => import('../pages/play/PlayPage')),
  live: lazyPage(() => import('../pages/live/LivePage')),
  liveSimplePlayer: lazyPage(() => import('../pages/live-simple-player/LiveSimplePlayerPage')),
  login: lazyPage(() => import('../pages/login/LoginPage')),
  signUp: lazyPage(() => import('../pages/sign-up/SignUpPage')),
  forgotPassword: lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage')),
  resetPassword: lazyPage(() => import('../pages/reset-password/ResetPasswordPage')),
  confirmSignUp: lazyPage(() => import('../pages/confirm-sign-up/ConfirmSignUpPage')),
  subAccounts: lazyPage(() => import('../pages/sub-accounts/SubAccountsPage')),
  subAccountEvent: lazyPage(() => import('../pages/sub-account-event/SubAccountEventPage')),
  accountCentre: lazyPage(() => import('../pages/account/AccountCentrePage')),
  accountSettings: lazyPage(() => import('../pages/account-settings/AccountSettingsPage')),
  checkout: lazyPage(() => import('../pages/checkout/CheckoutPage')),
  checkoutResult: lazyPage(() => import('../pages/checkout/CheckoutResultPage')),
  notFound: lazyPage(() => import('../pages/not-found/NotFoundPage')),
};

/** A route showing a lazy page; `handle` keeps the page so its code can be fetched ahead. */
function route(path: string, page: LazyPage): RouteObject {
  return { path, element: <page.Page />, handle: page };
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      route(pageRoutes.home, pages.home),
      route(pageRoutes.browse, pages.browse),
      route(pageRoutes.details, pages.details),
      // A details link missing an id still reaches the page, which says 網址資料錯誤.
      route('/details/*', pages.details),
      route(pageRoutes.myList, pages.myList),
      route(pageRoutes.redeem, pages.redeem),
      route(pageRoutes.search, pages.search),
      route(pageRoutes.play, pages.play),
      route(pageRoutes.live, pages.live),
      route(pageRoutes.liveChannel, pages.live),
      route(pageRoutes.liveSimplePlayer, pages.liveSimplePlayer),
      route(pageRoutes.login, pages.login),
      route(pageRoutes.signUp, pages.signUp),
      route(pageRoutes.forgotPassword, pages.forgotPassword),
      route(pageRoutes.resetPassword, pages.resetPassword),
      route(pageRoutes.confirmSignUp, pages.confirmSignUp),
      route(pageRoutes.subAccounts, pages.subAccounts),
      route(pageRoutes.subAccountEvent, pages.subAccountEvent),
      route(pageRoutes.accountCentre, pages.accountCentre),
      route(pageRoutes.accountSettings, pages.accountSettings),
      route(pageRoutes.checkout, pages.checkout),
      route(pageRoutes.checkoutResult, pages.checkoutResult),
      route('*', pages.notFound),
    ],
  },
];

export const router = createBrowserRouter(routes);

/** Fetches the code of the page at `pathname` (the first page of a visit, before it renders). */
export function preloadPage(pathname: string): Promise<void> {
  const page = matchRoutes(routes, pathname)?.at(-1)?.route.handle as LazyPage | undefined;
  return page ? page.preload() : Promise.resolve();
}
registerPagePreloader(preloadPage);
