import { useQuery } from '@tanstack/react-query';
import {
  loginInfoSchema,
  showSubaccountSelectReplySchema,
  siteCalls,
  subAccountListDataSchema,
  subAccountReplySchema,
  type LoginInfo,
  type SubAccount,
} from '@site/contract';
import { getJson, postJson } from './client';
import { memberKey, retryTransient } from './session';

export type SubAccountList = ReturnType<typeof subAccountListDataSchema.parse>;
export type SubAccountSelectList = ReturnType<typeof showSubaccountSelectReplySchema.parse>['data'];

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
    queryFn: ({ signal }) => getJson(siteCalls.getSubaccountInfo, {}, schemas?.list, signal),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
  });
}

/** ajaxShowSubaccountSelect.do: what the "who is watching" screen lists. */
export function useSubAccountSelect(info: LoginInfo | undefined, type: 'login' | 'switch') {
  return useQuery({
    queryKey: memberKey(info ?? { accountID: '' }, 'select', type),
    queryFn: ({ signal }) =>
      getJson(siteCalls.showSubaccountSelect, { type }, schemas?.select, signal),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
    staleTime: 0,
  });
}

export function changeSubAccount(newSubaccountID: string, proof: OwnerProof): Promise<LoginInfo> {
  return postJson(siteCalls.changeSubAccount, { newSubaccountID, ...proof }, schemas?.loginInfo);
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
  return (await postJson(siteCalls.createSubAccount, { ...input, ...proof }, schemas?.subAccount))
    .subAccount;
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
  return (await postJson(siteCalls.updateSubAccount, { ...update, ...proof }, schemas?.subAccount))
    .subAccount;
}

export function deleteSubAccount(newSubaccountID: string, proof: OwnerProof) {
  return postJson(siteCalls.deleteSubAccount, { newSubaccountID, ...proof }, undefined);
}

/** ajaxUnlockKidPin.do: the owner's password lifts the lock that wrong kid PINs left. */
export function unlockKidPin(password: string) {
  return postJson(siteCalls.unlockKidPin, { password }, undefined);
}
