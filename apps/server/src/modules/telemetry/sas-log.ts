import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { DEVICE_ID_COOKIE, deviceIdSchema, type SasLogBody } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { SasLogTable } from '../../db/schema-engagement.js';

export type SasLogRow = Insertable<SasLogTable>;

/** Permanent (DESIGN §4: cookies other than the session's are permanent): ten years. */
const DEVICE_ID_LIFETIME_SECONDS = 10 * 365 * 86_400;

/**
 * The browser's device id (SPEC §7 "deviceId from a cookie"): the deviceId cookie when it holds a
 * well-formed id, else a new random one set now, once per browser. Not HttpOnly: the page reads it
 * to send as `deviceId` (docs/adr/0026). The cookie wins over the body's deviceId; without a
 * cookie the body's id (or a new one) is set as the cookie.
 */
export function deviceIdOf(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  sent?: string,
): string {
  const current = request.cookies[DEVICE_ID_COOKIE];
  if (current && deviceIdSchema.safeParse(current).success) return current;
  // No cookie yet (a first beacon): the id the page made up, or a new one; kept from now on.
  const id = sent ?? crypto.randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_ID_COOKIE, id, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: DEVICE_ID_LIFETIME_SECONDS,
  });
  return id;
}

/** The row an activity-log entry (already validated by the contract) is stored as. */
export function sasLogRow(
  body: SasLogBody,
  sender: { deviceId: string; subAccountUid: string | null; now: number },
): SasLogRow {
  return {
    user_agent: body.userAgent,
    user_platform: body.userPlatform,
    function_code: body.functionCode,
    device_id: sender.deviceId,
    appendix: body.appendix ?? '',
    sub_account_uid: sender.subAccountUid,
    received_at: sender.now,
  };
}

/** Appends a batch of rows in one statement (the only write the activity log knows). */
export async function insertSasLogRows(db: Kysely<Database>, rows: SasLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('sas_log').values(rows).execute();
}
