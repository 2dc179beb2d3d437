import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  changeVoucherContentBodySchema,
  redeemVoucherBodySchema,
  redeemVoucherReplySchema,
  siteCalls,
  voucherPreviewReplySchema,
  walletReplySchema,
} from '@site/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { ThrottledError, admit, clearBucket, type ThrottlePolicy } from '../accounts/throttle.js';
import { balances } from './wallet.js';
import { previewVoucher, redeemVoucher, requireRedeemer, voucherHistory } from './vouchers.js';

export interface VoucherRouteDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
}

/** Serials looked at per account before the waits start (a redemption clears the count). */
export const SERIAL_FREE_TRIES_PER_ACCOUNT = 10;
/** Per client IP: several members may share one address (a household, an office). */
export const SERIAL_FREE_TRIES_PER_IP = 30;

/**
 * Serial guessing is slowed like password guessing (docs/adr/0017, 0020): every serial looked at
 * (a preview or a redemption) counts as a failure on the account's and the client IP's buckets
 * before it is checked, and only a redemption clears them. Past the free tries each further one
 * waits 30 s, doubling to 5 min (the RATE_LIMIT_DELAY_* settings): a 429 with Retry-After.
 */
async function admitSerial(
  { db, config }: VoucherRouteDeps,
  reply: FastifyReply,
  buckets: string[],
  now: number,
): Promise<void> {
  const policy = (freeFailures: number): ThrottlePolicy => ({
    freeFailures,
    delaySeconds: config.RATE_LIMIT_DELAY_SECONDS,
    maxDelaySeconds: config.RATE_LIMIT_DELAY_MAX_SECONDS,
  });
  const policies = [policy(SERIAL_FREE_TRIES_PER_ACCOUNT), policy(SERIAL_FREE_TRIES_PER_IP)];
  for (const [i, bucket] of buckets.entries()) {
    const admission = await admit(db, bucket, policies[i]!, now);
    if (!admission.admitted) {
      reply.header('retry-after', String(admission.waitSeconds));
      throw new ThrottledError(admission.waitSeconds, '序號錯誤');
    }
  }
}

const bucketsOf = (accountId: string, ip: string) => [`voucher:${accountId}`, `voucher-ip:${ip}`];

/** The redeem screen's calls: preview a serial, redeem it, read the wallet (docs/adr/0020). */
export function registerVoucherRoutes(app: FastifyInstance, deps: VoucherRouteDeps): void {
  const { db, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vouchers'];

  api.post(
    siteCalls.changeVoucherContent,
    {
      schema: {
        tags,
        summary:
          'What a voucher serial grants and, for a title voucher with a choice, the titles to pick from (changes nothing; counts as a serial try)',
        body: changeVoucherContentBodySchema,
        response: { 200: voucherPreviewReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireRedeemer(request.viewer);
      const now = clock();
      await admitSerial(deps, reply, bucketsOf(viewer.accountId, request.ip), now);
      reply.header('cache-control', 'private, no-store');
      return ok(await previewVoucher(db, { viewer, serial: request.body.serialNumber, now }));
    },
  );

  api.post(
    siteCalls.redeemVoucherData,
    {
      schema: {
        tags,
        summary:
          'Redeem a voucher serial once: a rental, a monthly service period, stored value or viewing credit',
        body: redeemVoucherBodySchema,
        response: { 200: redeemVoucherReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireRedeemer(request.viewer);
      const now = clock();
      const buckets = bucketsOf(viewer.accountId, request.ip);
      await admitSerial(deps, reply, buckets, now);
      const data = await redeemVoucher(db, {
        viewer,
        serial: request.body.exchangeCode,
        contentId: request.body.contentId,
        now,
      });
      for (const bucket of buckets) await clearBucket(db, bucket);
      reply.header('cache-control', 'private, no-store');
      return ok(data);
    },
  );

  api.get(
    siteCalls.findWalletData,
    {
      schema: {
        tags,
        summary: 'Stored value and viewing credit balances, and the vouchers redeemed',
        response: { 200: walletReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireRedeemer(request.viewer);
      const now = clock();
      const [wallet, vouchers] = await Promise.all([
        balances(db, viewer.accountId, now),
        voucherHistory(db, viewer.accountId),
      ]);
      reply.header('cache-control', 'private, no-store');
      return ok({ wallet, vouchers });
    },
  );
}
