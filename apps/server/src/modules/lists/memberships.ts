import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type MembershipTable = 'to_view_item' | 'favorite_item';

/**
 * SPEC §4 toggle: actionType '1' adds (twice is still one entry), any other value removes.
 * Returns whether the title is in the list afterwards.
 */
export async function toggleMembership(
  db: Kysely<Database>,
  table: MembershipTable,
  subAccountUid: string,
  contentId: string,
  actionType: string,
  now: number,
): Promise<boolean> {
  if (actionType === '1') {
    await db
      .insertInto(table)
      .values({ sub_account_uid: subAccountUid, content_id: contentId, added_at: now })
      .onConflict((oc) => oc.columns(['sub_account_uid', 'content_id']).doNothing())
      .execute();
    return true;
  }
  await db
    .deleteFrom(table)
    .where('sub_account_uid', '=', subAccountUid)
    .where('content_id', '=', contentId)
    .execute();
  return false;
}

export async function isMember(
  db: Kysely<Database>,
  table: MembershipTable,
  subAccountUid: string,
  contentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('content_id')
    .where('sub_account_uid', '=', subAccountUid)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return row !== undefined;
}
