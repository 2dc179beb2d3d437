import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  accountProfileReplySchema,
  callRoutes,
  monthlyServiceStatusReplySchema,
  orderListReplySchema,
  orderReceiptReplySchema,
  walletLedgerReplySchema,
  type AccountProfile,
  type CallInput,
  type LoginInfo,
} from '@site/contract';
import { call } from './client';
import { memberKey, retryTransient } from './session';

/** Replies are checked against the contract in development only. */
const schemas = import.meta.env.DEV
  ? {
      profile: accountProfileReplySchema.shape.data,
      ledger: walletLedgerReplySchema.shape.data,
      orders: orderListReplySchema.shape.data,
      receipt: orderReceiptReplySchema.shape.data,
      services: monthlyServiceStatusReplySchema.shape.data,
    }
  : undefined;

type Info = LoginInfo | undefined;

/** The account centre's calls are for adult sessions only (kids are refused). */
const adult = (info: Info) => info?.isLogin === 'Y' && info.kidMode !== '1';
const key = (info: Info, ...rest: string[]) =>
  memberKey(info ?? { accountID: '' }, 'accountCentre', ...rest);

/** The profile's query key, so a contact change can put its answer in place. */
export const accountProfileKey = (info: Info) => key(info, 'profile');

/** ajaxGetAccountProfile.do: masked login id, member since, nickname, e-mail and phone. */
export function useAccountProfile(info: Info) {
  return useQuery({
    queryKey: accountProfileKey(info),
    queryFn: ({ signal }) =>
      call(callRoutes.getAccountProfile, {}, { check: schemas?.profile, signal }),
    enabled: adult(info),
    retry: retryTransient,
  });
}

/** POST ajaxUpdateAccountContact.do: the new e-mail and phone ('' clears), with the password. */
export function updateAccountContact(
  body: CallInput<typeof callRoutes.updateAccountContact>,
): Promise<AccountProfile> {
  return call(callRoutes.updateAccountContact, body, { check: schemas?.profile });
}

/** ajaxFindWalletLedger.do: one page of the wallet's entries, newest first. */
export function useWalletLedger(info: Info, startIndex: number, maxRecord: number) {
  return useQuery({
    queryKey: key(info, 'ledger', String(startIndex), String(maxRecord)),
    queryFn: ({ signal }) =>
      call(
        callRoutes.findWalletLedger,
        { startIndex, maxRecord },
        { check: schemas?.ledger, signal },
      ),
    enabled: adult(info),
    retry: retryTransient,
    placeholderData: keepPreviousData,
  });
}

/** ajaxFindOrderList.do: one page of the account's orders, newest first. */
export function useOrderList(info: Info, startIndex: number, maxRecord: number) {
  return useQuery({
    queryKey: key(info, 'orders', String(startIndex), String(maxRecord)),
    queryFn: ({ signal }) =>
      call(callRoutes.findOrderList, { startIndex, maxRecord }, { check: schemas?.orders, signal }),
    enabled: adult(info),
    retry: retryTransient,
    placeholderData: keepPreviousData,
  });
}

/** ajaxFindOrderReceipt.do: a paid order's receipt, asked for when it is opened. */
export function useOrderReceipt(info: Info, orderId: string) {
  return useQuery({
    queryKey: key(info, 'receipt', orderId),
    queryFn: ({ signal }) =>
      call(callRoutes.findOrderReceipt, { orderId }, { check: schemas?.receipt, signal }),
    select: (data) => data.receipt,
    enabled: adult(info),
    retry: retryTransient,
  });
}

/** ajaxGetMonthlyServiceStatus.do: the monthly services held and when each ends. */
export function useMonthlyServices(info: Info) {
  return useQuery({
    queryKey: key(info, 'services'),
    queryFn: ({ signal }) =>
      call(callRoutes.getMonthlyServiceStatus, {}, { check: schemas?.services, signal }),
    select: (data) => data.services,
    enabled: adult(info),
    retry: retryTransient,
  });
}
