import { z } from 'zod';

/** Y or N, as SPEC §2 writes every flag. */
export const yn = z.enum(['Y', 'N']);

/**
 * An id as it travels in paths and queries (titles, sub-accounts, orders, activities …): plain
 * letters, digits, '_' and '-', trimmed, at most `max` characters.
 */
export function plainId(max = 40, message?: string) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, message);
}

/** A title, series or episode id (contentId, otherId). */
export const contentIdSchema = plainId();

/**
 * The gateway's signature on every /gw call (SPEC §7): the app client id, the signing time and
 * the HMAC. The gateway's client authentication checks them before any call's schema runs
 * (docs/adr/0010); each call's query names them so the document and the validator agree.
 */
export const gatewaySignature = {
  chl: z.string().min(1).max(40),
  chk: z.string().length(64),
  ts: z.coerce.number().int(),
};

/** The apps' session token in a gateway query. */
export const ssoSessionSchema = z.string().min(20).max(100);

/** The public handle of a registered device (random, per account; docs/adr/0042). */
export const deviceKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, '裝置代碼格式不正確。');
/** The public handle of a stream lease (docs/adr/0042). */
export const streamIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, '播放代碼格式不正確。');
