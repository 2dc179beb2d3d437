import { pageRoutes, type ListType } from '@site/contract';
import { buildQuery, type QueryParams } from '../api/query-string';

/** Links to pages with parameters, ids encoded; the route patterns themselves live in the contract. */
export const paths = {
  browse: (filters: QueryParams = {}) => pageRoutes.browse + buildQuery(filters),
  myList: (listType: ListType) => `/my-list/${listType}`,
  play: (contentId: string) => `/play/${encodeURIComponent(contentId)}`,
  /** The results page; searchField 'all' is the default and stays out of the URL. */
  search: (inputKeyword: string, searchField?: string, startIndex?: number) =>
    pageRoutes.search +
    buildQuery({
      inputKeyword,
      searchField: searchField === 'all' ? undefined : searchField,
      startIndex: startIndex ? startIndex : undefined,
    }),
  liveSimplePlayer: (channelId: string) => `/LiveSimplePlayer/${encodeURIComponent(channelId)}`,
  login: (returnTo?: string) => pageRoutes.login + buildQuery({ returnTo }),
  signUp: (returnTo?: string) => pageRoutes.signUp + buildQuery({ returnTo }),
  forgotPassword: () => pageRoutes.forgotPassword,
  /** The "who is watching" grid reached from the header's 切換使用者. */
  subAccountSelect: (returnTo?: string) =>
    pageRoutes.subAccounts + buildQuery({ select: 1, returnTo }),
};

const accountPages: readonly string[] = [pageRoutes.login, pageRoutes.signUp];
/** Pages a login should not come back to: the reset link is spent once used. */
const noReturnPages: readonly string[] = [
  pageRoutes.forgotPassword,
  pageRoutes.resetPassword,
  pageRoutes.confirmSignUp,
];

/**
 * Where a login started here should come back to: this page with its query, or, from the login
 * and sign-up pages themselves, the place they were already asked to return to. The home page
 * needs no returnTo. Only a hint: the login page validates it (returnToSchema) before using it.
 */
export function returnToHere(location: { pathname: string; search: string }): string | undefined {
  if (accountPages.includes(location.pathname)) {
    return new URLSearchParams(location.search).get('returnTo') ?? undefined;
  }
  if (noReturnPages.includes(location.pathname)) return undefined;
  const here = location.pathname + location.search;
  return here === pageRoutes.home ? undefined : here;
}
