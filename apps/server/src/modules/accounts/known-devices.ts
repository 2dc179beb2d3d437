import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newToken, tokenHash } from './tokens.js';

/**
 * A browser that has logged in to (or signed up) an account keeps a random token in this cookie;
 * the table holds only its hash. A login from such a browser for that account is throttled on
 * its own bucket, so a stranger's wrong passwords for the login id never keep the member out of
 * a browser they have used before (docs/adr/0017). The cookie proves nothing without the
 * password.
 */
export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_DAYS = 365;
const LIFETIME = KNOWN_DEVICE_DAYS * 86_400;
/** Only the login call needs it. */
const COOKIE_PATH = '/ajax/ajaxLogin.do';

export interface KnownDevice {
  hash: string;
  accountId: string;
}

/** The account whose browser this is, when the cookie names a live one. */
export async function knownDevice(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
): Promise<KnownDevice | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = tokenHash(token);
  const row = await db
    .selectFrom('known_device')
    .select('account_id')
    .where('device_hash', '=', hash)
    .where('created_at', '>', now - LIFETIME)
    .executeTakeFirst();
  return row ? { hash, accountId: row.account_id } : undefined;
}

/** Remembers this browser for the account (and forgets the account's expired ones). */
export async function rememberDevice(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<string> {
  const token = newToken();
  await db
    .deleteFrom('known_device')
    .where('account_id', '=', accountId)
    .where('created_at', '<=', now - LIFETIME)
    .execute();
  await db
    .insertInto('known_device')
    .values({ device_hash: tokenHash(token), account_id: accountId, created_at: now })
    .execute();
  return token;
}

export function setKnownDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: LIFETIME,
  });
}
