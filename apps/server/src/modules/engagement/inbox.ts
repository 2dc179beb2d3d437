import { sql, type Kysely } from 'kysely';
import type { InboxList, InboxMessage } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import { rentalEndingBetween, servicePaidPast } from '../commerce/segments.js';

/** The newest this many messages are listed. */
export const INBOX_LIST_MAX = 100;

/*
 * Kids have no inbox (docs/adr/0028): the messages are the account holder's (billing, a plan
 * about to end, the account's prizes), and a kid sub-account is there to watch. The list and the
 * update are calls for adults (contract engagement.ts inboxCalls; the refusal's words are in
 * accounts/access.ts); the header's count is 0 for a kid, so no badge shows.
 */

const DAY = 86_400;

/**
 * Messages sent to this viewer by now, with this user's state (no row = unread): those to their
 * account, and those to everyone or to a segment they are in (docs/adr/0046: stored once, the
 * audience read per member). A scheduled message shows from its send time.
 */
function visibleMessages(db: Kysely<Database>, viewer: Viewer, now: number) {
  const accountId = viewer.accountId;
  return db
    .selectFrom('inbox_message as m')
    .leftJoin('inbox_status as s', (join) =>
      join
        .onRef('s.msg_id', '=', 'm.msg_id')
        .on('s.sub_account_uid', '=', viewer.subAccount.sub_account_uid),
    )
    .where('m.sent_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('m.account_id', '=', accountId),
        eb.and([
          eb('m.account_id', 'is', null),
          eb.or([
            eb('m.audience', 'is', null),
            eb('m.audience', '=', 'all'),
            eb.and([
              eb('m.audience', '=', 'service'),
              servicePaidPast(accountId, eb.ref('m.sent_at')),
            ]),
            eb.and([
              eb('m.audience', '=', 'rentalEnding'),
              rentalEndingBetween(
                accountId,
                eb.ref('m.sent_at'),
                sql<number>`${eb.ref('m.sent_at')} + ${eb.ref('m.audience_days')} * ${DAY}`,
              ),
            ]),
          ]),
        ]),
      ]),
    );
}

/** ajaxFindInboxMessageList.do: newest first, deleted ones left out, and the unread count. */
export async function inboxList(
  db: Kysely<Database>,
  viewer: Viewer,
  now: number,
): Promise<InboxList> {
  const rows = await visibleMessages(db, viewer, now)
    .select(['m.msg_id', 'm.title', 'm.content', 'm.sent_at', 'm.link', 's.status'])
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '!=', 'deleted')]))
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.msg_id')
    .limit(INBOX_LIST_MAX)
    .execute();
  const messageList: InboxMessage[] = rows.map((r) => ({
    msgId: r.msg_id,
    title: r.title,
    content: r.content,
    sentAt: Number(r.sent_at),
    status: r.status === 'read' ? 'read' : 'unread',
    linkString: r.link ?? '',
  }));
  return { messageList, unreadCount: await unreadCount(db, viewer, now) };
}

export async function unreadCount(
  db: Kysely<Database>,
  viewer: Viewer,
  now: number,
): Promise<number> {
  if (viewer.kidMode) return 0;
  const row = await visibleMessages(db, viewer, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('s.status', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * ajaxUpdateMsg.do: marks the caller's messages read or deleted. Every id must be a message the
 * caller may see; otherwise nothing changes and the call is 404 (another member's ids are not
 * told apart from unknown ones). A deleted message stays deleted.
 */
export async function updateMessages(
  db: Kysely<Database>,
  viewer: Viewer,
  msgIds: string[],
  status: 'read' | 'deleted',
  now: number,
): Promise<number> {
  const uid = viewer.subAccount.sub_account_uid;
  return db.transaction().execute(async (trx) => {
    const own = await visibleMessages(trx, viewer, now)
      .select(['m.msg_id', 's.status'])
      .where('m.msg_id', 'in', msgIds)
      .execute();
    if (own.length !== msgIds.length) throw notFound('找不到這則訊息。');
    const changing = own.filter((r) => r.status !== 'deleted' && r.status !== status);
    if (changing.length === 0) return 0;
    await trx
      .insertInto('inbox_status')
      .values(
        changing.map((r) => ({ msg_id: r.msg_id, sub_account_uid: uid, status, updated_at: now })),
      )
      .onConflict((oc) =>
        oc.columns(['sub_account_uid', 'msg_id']).doUpdateSet({ status, updated_at: now }),
      )
      .execute();
    return changing.length;
  });
}
