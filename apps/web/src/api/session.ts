import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  callRoutes,
  headerMemberInfoReplySchema,
  loginInfoSchema,
  type CallReply,
  type LoginInfo,
} from '@site/contract';
import { ApiError, call } from './client';

export type HeaderMemberInfo = CallReply<typeof callRoutes.getHeaderMemberInfo>;

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? { loginInfo: loginInfoSchema, headerMemberInfo: headerMemberInfoReplySchema.shape.data }
  : undefined;

export const LOGIN_INFO_KEY = ['loginInfo'] as const;

/**
 * Keys of everything personal start with the account, so one member's cached data is never shown
 * to the next member who logs in on the same tab.
 */
export function memberKey(info: Pick<LoginInfo, 'accountID'>, ...rest: string[]) {
  return ['member', info.accountID, ...rest] as const;
}

/** A refusal is an answer: retry only what may pass next time (network, 5xx), once. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  const transient =
    !(error instanceof ApiError) || error.httpStatus === 0 || error.httpStatus >= 500;
  return transient && failureCount < 1;
}

/** The session context (ajaxGetLoginInfo.do): one query shared by the header and the pages. */
export function useLoginInfo() {
  return useQuery({
    queryKey: LOGIN_INFO_KEY,
    queryFn: ({ signal }) =>
      call(callRoutes.getLoginInfo, {}, { check: schemas?.loginInfo, signal }),
    staleTime: 30_000,
  });
}

/** The icon and nickname of the sub-account in use, for the header. */
export function useHeaderMemberInfo(info: LoginInfo | undefined) {
  const loggedIn = info?.isLogin === 'Y';
  return useQuery({
    queryKey: memberKey(info ?? { accountID: '' }, 'header', info?.uId ?? ''),
    queryFn: ({ signal }) =>
      call(callRoutes.getHeaderMemberInfo, {}, { check: schemas?.headerMemberInfo, signal }),
    enabled: loggedIn,
    retry: retryTransient,
  });
}

/** After login, logout or a switch of sub-account every cached answer may be someone else's. */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => refreshSession(queryClient);
}

export async function logout(queryClient: QueryClient): Promise<void> {
  await call(callRoutes.logout, {});
  await refreshSession(queryClient);
}
