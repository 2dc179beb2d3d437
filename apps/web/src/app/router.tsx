import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { pageRoutes } from '@site/contract';
import { Layout } from './Layout';

// Each page is its own chunk, so the first visit downloads only the page it opens.
const HomePage = lazy(() => import('../pages/home/HomePage'));
const BrowsePage = lazy(() => import('../pages/browse/BrowsePage'));
const DetailsPage = lazy(() => import('../pages/details/DetailsPage'));
const MyListPage = lazy(() => import('../pages/my-list/MyListPage'));
const RedeemPage = lazy(() => import('../pages/redeem/RedeemPage'));
const SearchPage = lazy(() => import('../pages/search/SearchPage'));
const PlayPage = lazy(() => import('../pages/play/PlayPage'));
const LivePage = lazy(() => import('../pages/live/LivePage'));
const LiveSimplePlayerPage = lazy(() => import('../pages/live-simple-player/LiveSimplePlayerPage'));
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const SignUpPage = lazy(() => import('../pages/sign-up/SignUpPage'));
const SubAccountsPage = lazy(() => import('../pages/sub-accounts/SubAccountsPage'));
const SubAccountEventPage = lazy(() => import('../pages/sub-account-event/SubAccountEventPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: pageRoutes.home, element: <HomePage /> },
      { path: pageRoutes.browse, element: <BrowsePage /> },
      { path: pageRoutes.details, element: <DetailsPage /> },
      // A details link missing an id still reaches the page, which says 網址資料錯誤.
      { path: '/details/*', element: <DetailsPage /> },
      { path: pageRoutes.myList, element: <MyListPage /> },
      { path: pageRoutes.redeem, element: <RedeemPage /> },
      { path: pageRoutes.search, element: <SearchPage /> },
      { path: pageRoutes.play, element: <PlayPage /> },
      { path: pageRoutes.live, element: <LivePage /> },
      { path: pageRoutes.liveChannel, element: <LivePage /> },
      { path: pageRoutes.liveSimplePlayer, element: <LiveSimplePlayerPage /> },
      { path: pageRoutes.login, element: <LoginPage /> },
      { path: pageRoutes.signUp, element: <SignUpPage /> },
      { path: pageRoutes.subAccounts, element: <SubAccountsPage /> },
      { path: pageRoutes.subAccountEvent, element: <SubAccountEventPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
