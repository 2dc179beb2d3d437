import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  endSession,
  isLive,
  touchSession,
  type SessionKind,
  type SessionPolicy,
} from './sessions.js';
import { findSession } from './session-lookup.js';
import { tokenHash } from './tokens.js';
import type { SubAccountRow } from './sub-accounts.js';

/** Who is asking: the member, the sub-account in use, and the session that says so. */
export interface Viewer {
  accountId: string;
  sessionHash: string;
  sessionKind: SessionKind;
  subAccount: SubAccountRow;
  kidMode: boolean;
  /** The restricted-content filter (SPEC §6); always on for kids. */
  filterRestrict: boolean;
  /** The registered device the session was opened on (docs/adr/0042); null for older sessions. */
  deviceId: string | null;
}

/**
 * The viewer of a session token, in one query (session and sub-account together, since every
 * signed-in request pays for it; on PostgreSQL shared with the other lookups of the moment). An
 * ended, expired or idle session, or one whose sub-account was deleted, is no viewer.
 */
export async function resolveViewer(
  db: Kysely<Database>,
  token: string,
  kind: SessionKind,
  policy: SessionPolicy,
  now: number,
): Promise<Viewer | null> {
  const hash = tokenHash(token);
  const row = await findSession(db, hash, kind);
  if (!row) return null;
  const {
    sub_account_uid,
    slot,
    nickname,
    kidmode,
    icon_idx,
    is_primary,
    filter_restrict,
    created_at,
  } = row;
  if (
    !isLive(row, policy, now) ||
    sub_account_uid === null ||
    slot === null ||
    nickname === null ||
    kidmode === null ||
    icon_idx === null ||
    is_primary === null ||
    filter_restrict === null ||
    created_at === null
  ) {
    await endSession(db, hash);
    return null;
  }
  await touchSession(db, hash, row.last_seen_at, now);
  const subAccount: SubAccountRow = {
    sub_account_uid,
    account_id: row.account_id,
    slot,
    nickname,
    kidmode,
    icon_idx,
    is_primary,
    filter_restrict,
    created_at,
  };
  return viewerOf(row.account_id, subAccount, hash, kind, row.device_id);
}

export function viewerOf(
  accountId: string,
  subAccount: SubAccountRow,
  sessionHash: string,
  sessionKind: SessionKind,
  deviceId: string | null = null,
): Viewer {
  const kidMode = subAccount.kidmode === '1';
  return {
    accountId,
    sessionHash,
    sessionKind,
    subAccount,
    kidMode,
    filterRestrict: kidMode || subAccount.filter_restrict !== 'N',
    deviceId,
  };
}

/** What a viewer may see of the catalogue: decided here, from the session, never from parameters. */
export interface ContentScope {
  kidsOnly: boolean;
  hideRestricted: boolean;
}

export function contentScope(
  viewer: Viewer | null,
  asked: { filterRestrict?: 'Y' | 'N' } = {},
): ContentScope {
  const kidsOnly = viewer?.kidMode ?? false;
  // Parameters may only narrow: filterRestrict=Y hides more, =N never shows more than the session allows.
  const hideRestricted =
    kidsOnly || (viewer?.filterRestrict ?? false) || asked.filterRestrict === 'Y';
  return { kidsOnly, hideRestricted };
}
