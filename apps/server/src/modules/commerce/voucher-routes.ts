import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { voucherCalls } from '@site/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import { clearBucket } from '../accounts/throttle.js';
import { admitSerial, forgiveLook } from './serial-throttle.js';
import { balances } from './wallet.js';
import { previewVoucher, redeemVoucher, voucherHistory } from './vouchers.js';

export interface VoucherRouteDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
}

/** The redeem screen's calls: preview a serial, redeem it, read the wallet (docs/adr/0020). */
export function registerVoucherRoutes(app: FastifyInstance, deps: VoucherRouteDeps): void {
  const { db, clock, config } = deps;

  registerCall(app, voucherCalls.changeVoucherContent, async (body, { viewer, request }) => {
    const now = clock();
    const look = await admitSerial(db, config, viewer.accountId, request.ip, now);
    const preview = await previewVoucher(db, { viewer, serial: body.serialNumber, now });
    // A good serial looked at is no guess; it does not clear the count, or one valid serial
    // looked at between guesses would reset it.
    await forgiveLook(db, look, now);
    return preview;
  });

  registerCall(app, voucherCalls.redeemVoucherData, async (body, { viewer, request }) => {
    const now = clock();
    const look = await admitSerial(db, config, viewer.accountId, request.ip, now);
    const data = await redeemVoucher(db, {
      viewer,
      serial: body.exchangeCode,
      contentId: body.contentId,
      now,
    });
    // The account starts afresh; the shared address only loses this look (a guesser holding
    // one valid serial must not reset the count others' guesses made there).
    await clearBucket(db, `voucher:${viewer.accountId}`);
    await forgiveLook(db, { buckets: look.buckets.slice(1) }, now);
    return data;
  });

  registerCall(app, voucherCalls.findWalletData, async (_, { viewer }) => {
    const now = clock();
    const [wallet, vouchers] = await Promise.all([
      balances(db, viewer.accountId, now),
      voucherHistory(db, viewer.accountId),
    ]);
    return { wallet, vouchers };
  });
}
