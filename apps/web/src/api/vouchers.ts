import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  redeemVoucherDataSchema,
  voucherPreviewSchema,
  walletDataSchema,
  type LoginInfo,
  type RedeemVoucherData,
  type VoucherPreview,
} from '@site/contract';
import { call } from './client';
import { memberKey, retryTransient } from './session';

/** Replies are checked against the contract in development only. */
const schemas = import.meta.env.DEV
  ? { preview: voucherPreviewSchema, redeem: redeemVoucherDataSchema, wallet: walletDataSchema }
  : undefined;

export const walletKey = (info: Pick<LoginInfo, 'accountID'>) => memberKey(info, 'wallet');

/** ajaxFindWalletData.do: the balances and the vouchers redeemed (members, not kids). */
export function useWallet(info: LoginInfo | undefined) {
  return useQuery({
    queryKey: walletKey(info ?? { accountID: '' }),
    queryFn: ({ signal }) =>
      call(callRoutes.findWalletData, {}, { check: schemas?.wallet, signal }),
    enabled: info?.isLogin === 'Y' && info.kidMode !== '1',
    retry: retryTransient,
  });
}

/** ajaxChangeVoucherContent.do: what a serial grants, and the titles to choose from (step1). */
export function previewVoucher(serialNumber: string): Promise<VoucherPreview> {
  return call(callRoutes.changeVoucherContent, { serialNumber }, { check: schemas?.preview });
}

/** ajaxRedeemVoucherData.do: redeem it, with the chosen title when the voucher offers a choice. */
export function redeemVoucher(
  exchangeCode: string,
  contentId: string | null,
): Promise<RedeemVoucherData> {
  return call(
    callRoutes.redeemVoucherData,
    contentId ? { exchangeCode, contentId } : { exchangeCode },
    { check: schemas?.redeem },
  );
}
