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
import {
  ThrottledError,
  admit,
  clearBucket,
  forgiveOne,
  type ThrottlePolicy,
} from '../accounts/throttle.js';
import { balances } from './wallet.js';
import { previewVoucher, redeemVoucher, requireRedeemer, voucherHistory } from './vouchers.js';

export interface VoucherRouteDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
}

/** Serials looked at per account before the waits start (a redemption clears the count). */
export const SERIAL_FREE_TRIES_PER_ACCOUNT = 10;
/** Per client IP, counting only members with a wrong serial on record (docs/adr/0020). */
export const SERIAL_FREE_TRIES_PER_IP = 30;

/** The buckets one look at a serial was counted on, so a good serial can be taken back. */
interface SerialLook {
  buckets: [string, ThrottlePolicy][];
}

/**
 * Serial guessing is slowed like password guessing (docs/adr/0017, 0020): every serial looked at
 * (a preview or a redemption) counts as a failure on the account's bucket before it is checked;
 * past the free tries each further one waits 30 s, doubling to 5 min (the RATE_LIMIT_DELAY_*
 * settings): a 429 with Retry-After. The client IP's bucket counts only the looks of accounts
 * with a wrong serial on record, so members behind one shared address (a household, an office)
 * who have not guessed are never held up by someone else's guesses there, while a guesser meets
 * both limits.
 */
async function admitSerial(
  { db, config }: VoucherRouteDeps,
  reply: FastifyReply,
  accountId: string,
  ip: string,
  now: number,
): Promise<SerialLook> {
  const policy = (freeFailures: number): ThrottlePolicy => ({
    freeFailures,
    delaySeconds: config.RATE_LIMIT_DELAY_SECONDS,
    maxDelaySeconds: config.RATE_LIMIT_DELAY_MAX_SECONDS,
  });
  const refuse = (waitSeconds: number) => {
    reply.header('retry-after', String(waitSeconds));
    return new ThrottledError(waitSeconds, '序號錯誤');
  };
  const look: SerialLook = { buckets: [] };
  const accountBucket: [string, ThrottlePolicy] = [
    `voucher:${accountId}`,
    policy(SERIAL_FREE_TRIES_PER_ACCOUNT),
  ];
  const account = await admit(db, ...accountBucket, now);
  if (!account.admitted) throw refuse(account.waitSeconds);
  look.buckets.push(accountBucket);
  // This look counts one until it proves good; more than one means a wrong serial on record
  // (good previews are taken back, a redemption clears the count).
  if (account.failures > 1) {
    const ipBucket: [string, ThrottlePolicy] = [
      `voucher-ip:${ip}`,
      policy(SERIAL_FREE_TRIES_PER_IP),
    ];
    const shared = await admit(db, ...ipBucket, now);
    if (!shared.admitted) {
      // Refused here: the look was never made, so it does not count on the account either.
      await forgiveOne(db, ...accountBucket, now);
      throw refuse(shared.waitSeconds);
    }
    look.buckets.push(ipBucket);
  }
  return look;
}

/** A look at a valid serial was no guess: it is taken back from every bucket it counted on. */
async function forgiveLook(db: Kysely<Database>, look: SerialLook, now: number): Promise<void> {
  for (const [bucket, policy] of look.buckets) await forgiveOne(db, bucket, policy, now);
}

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
      const look = await admitSerial(deps, reply, viewer.accountId, request.ip, now);
      const preview = await previewVoucher(db, { viewer, serial: request.body.serialNumber, now });
      // A good serial looked at is no guess; it does not clear the count, or one valid serial
      // looked at between guesses would reset it.
      await forgiveLook(db, look, now);
      reply.header('cache-control', 'private, no-store');
      return ok(preview);
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
      const look = await admitSerial(deps, reply, viewer.accountId, request.ip, now);
      const data = await redeemVoucher(db, {
        viewer,
        serial: request.body.exchangeCode,
        contentId: request.body.contentId,
        now,
      });
      // The account starts afresh; the shared address only loses this look (a guesser holding
      // one valid serial must not reset the count others' guesses made there).
      await clearBucket(db, `voucher:${viewer.accountId}`);
      await forgiveLook(db, { buckets: look.buckets.slice(1) }, now);
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
