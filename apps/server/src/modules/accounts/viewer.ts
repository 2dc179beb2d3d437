import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { endSession, findSession, type SessionKind, type SessionPolicy } from './sessions.js';
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
}

export async function resolveViewer(
  db: Kysely<Database>,
  token: string,
  kind: SessionKind,
  policy: SessionPolicy,
  now: number,
): Promise<Viewer | null> {
  const session = await findSession(db, token, kind, policy, now);
  if (!session) return null;
  const subAccount = await db
    .selectFrom('sub_account')
    .selectAll()
    .where('sub_account_uid', '=', session.subAccountUid)
    .where('account_id', '=', session.accountId)
    .executeTakeFirst();
  if (!subAccount) {
    await endSession(db, session.sessionHash);
    return null;
  }
  return viewerOf(session.accountId, subAccount, session.sessionHash, session.kind);
}

export function viewerOf(
  accountId: string,
  subAccount: SubAccountRow,
  sessionHash: string,
  sessionKind: SessionKind,
): Viewer {
  const kidMode = subAccount.kidmode === '1';
  return {
    accountId,
    sessionHash,
    sessionKind,
    subAccount,
    kidMode,
    filterRestrict: kidMode || subAccount.filter_restrict !== 'N',
  };
}

export function requireMember(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('NOT_LOGGED_IN');
  return viewer;
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
