import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  loginInfoSchema,
  showSubaccountSelectReplySchema,
  subAccountListDataSchema,
  subAccountReplySchema,
  type CallReply,
  type LoginInfo,
  type SubAccount,
} from '@site/contract';
import { call } from './client';
import { memberKey, retryTransient } from './session';

export type SubAccountList = CallReply<typeof callRoutes.getSubaccountInfo>;
export type SubAccountSelectList = CallReply<typeof callRoutes.showSubaccountSelect>;

/** What a kid session adds to sub-account calls: the owner's password or the kid PIN. */
export interface OwnerProof {
  ownerPassword?: string;
  ownerPin?: string;
}

const schemas = import.meta.env.DEV
  ? {
      list: subAccountListDataSchema,
      select: showSubaccountSelectReplySchema.shape.data,
      loginInfo: loginInfoSchema,
      subAccount: subAccountReplySchema.shape.data,
    }
  : undefined;

/** ajaxGetSubaccountInfo.do: every sub-account and the one in use. */
export function useSubAccounts(info: LoginInfo | undefined) {
  return useQuery({
    queryKey: memberKey(info ?? { accountID: '' }, 'subAccounts'),
    queryFn: ({ signal }) =>
      call(callRoutes.getSubaccountInfo, {}, { check: schemas?.list, signal }),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
  });
}

/** ajaxShowSubaccountSelect.do: what the "who is watching" screen lists. */
export function useSubAccountSelect(info: LoginInfo | undefined, type: 'login' | 'switch') {
  return useQuery({
    queryKey: memberKey(info ?? { accountID: '' }, 'select', type),
    queryFn: ({ signal }) =>
      call(callRoutes.showSubaccountSelect, { type }, { check: schemas?.select, signal }),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
    staleTime: 0,
  });
}

export function changeSubAccount(newSubaccountID: string, proof: OwnerProof): Promise<LoginInfo> {
  return call(
    callRoutes.changeSubAccount,
    { newSubaccountID, ...proof },
    { check: schemas?.loginInfo },
  );
}

export interface SubAccountFieldsInput {
  nickname: string;
  iconIdx: number;
  kidmode: '0' | '1';
}

export async function createSubAccount(
  input: SubAccountFieldsInput,
  proof: OwnerProof,
): Promise<SubAccount> {
  const reply = await call(
    callRoutes.createSubAccount,
    { ...input, ...proof },
    { check: schemas?.subAccount },
  );
  return reply.subAccount;
}

export interface SubAccountUpdate extends Partial<SubAccountFieldsInput> {
  newSubaccountID: string;
  filterRestrict?: 'Y' | 'N';
  /** Re-entered by an adult to switch the restricted-content filter off. */
  password?: string;
}

export async function updateSubAccount(
  update: SubAccountUpdate,
  proof: OwnerProof,
): Promise<SubAccount> {
  const reply = await call(
    callRoutes.updateSubAccount,
    { ...update, ...proof },
    { check: schemas?.subAccount },
  );
  return reply.subAccount;
}

export function deleteSubAccount(newSubaccountID: string, proof: OwnerProof) {
  return call(callRoutes.deleteSubAccount, { newSubaccountID, ...proof });
}

/** ajaxUnlockKidPin.do: the owner's password lifts the lock that wrong kid PINs left. */
export function unlockKidPin(password: string) {
  return call(callRoutes.unlockKidPin, { password });
}
