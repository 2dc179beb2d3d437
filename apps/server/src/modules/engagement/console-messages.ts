import { sql, type Kysely, type Selectable } from 'kysely';
import { detailLinkString } from '@site/contract';
import {
  MESSAGE_PAST_GRACE_SECONDS,
  MESSAGE_SCHEDULE_MAX_DAYS,
  type ConsoleAnnouncement,
  type ConsoleMessage,
  type MessageAudience,
  type NewAnnouncement,
  type NewMessage,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { AnnouncementTable, InboxMessageTable } from '../../db/schema-engagement.js';
import { AppError, notFound } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { maskLoginId } from '../accounts/login-info.js';
import { accountOfLoginId, loginIdsOf } from '../accounts/members.js';
import { newId } from '../accounts/tokens.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { findTitle } from '../catalogue/queries.js';

/*
 * The console's side of the inbox and the announcements (issue 25 item 8; docs/adr/0046). A
 * message is one row whatever its audience: sending to a million members writes one row and
 * one audit entry, and each member's inbox reads the audience rule (inbox.ts). Read counts are
 * the members' own state rows (inbox_status), counted per message by its index.
 */

const DAY = 86_400;

function audienceOf(row: Selectable<InboxMessageTable>): MessageAudience {
  if (row.account_id !== null) return 'member';
  if (row.audience === 'service' || row.audience === 'rentalEnding') return row.audience;
  return 'all';
}

/** What the audit trail keeps of a message. */
function auditedMessage(row: Selectable<InboxMessageTable>): Record<string, unknown> {
  return {
    audience: audienceOf(row),
    days: row.audience_days,
    accountId: row.account_id,
    title: row.title,
    content: row.content,
    link: row.link,
    sendAt: Number(row.sent_at),
  };
}

async function presentMessages(
  db: Kysely<Database>,
  rows: Selectable<InboxMessageTable>[],
  now: number,
): Promise<ConsoleMessage[]> {
  const ids = rows.map((r) => r.msg_id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('inbox_status')
          .select(['msg_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('msg_id', 'in', ids)
          .groupBy(['msg_id', 'status'])
          .execute();
  const countOf = (msgId: string, status: string) =>
    Number(counts.find((c) => c.msg_id === msgId && c.status === status)?.n ?? 0);
  const logins = await loginIdsOf(
    db,
    rows.flatMap((r) => (r.account_id ? [r.account_id] : [])),
  );
  return rows.map((r) => {
    const login = r.account_id ? logins.get(r.account_id) : undefined;
    return {
      msgId: r.msg_id,
      audience: audienceOf(r),
      days: r.audience_days,
      member: login ? maskLoginId(login) : r.account_id,
      title: r.title,
      content: r.content,
      linkString: r.link ?? '',
      sendAt: Number(r.sent_at),
      status: Number(r.sent_at) > now ? 'scheduled' : 'sent',
      readCount: countOf(r.msg_id, 'read'),
      deletedCount: countOf(r.msg_id, 'deleted'),
      createdBy: r.created_by,
    };
  });
}

export async function listMessages(
  db: Kysely<Database>,
  query: { page: number; pageSize: number },
  now: number,
): Promise<{ messages: ConsoleMessage[]; total: number; page: number; pageSize: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('inbox_message')
      .selectAll()
      .orderBy('sent_at', 'desc')
      .orderBy('msg_id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('inbox_message')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    messages: await presentMessages(db, rows, now),
    total: Number(total.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Sends a message, or schedules it: one row and its audit entry in one transaction. Everything
 * is checked before anything is written (a member or title that is not there, a time past or
 * too far ahead), so a refusal leaves nothing behind.
 */
export async function sendMessage(
  db: Kysely<Database>,
  actor: Actor,
  input: NewMessage,
  now: number,
): Promise<ConsoleMessage> {
  const sendAt = input.sendAt ?? now;
  if (sendAt < now - MESSAGE_PAST_GRACE_SECONDS) {
    throw new AppError('BAD_INPUT', [{ name: 'sendAt', problem: '傳送時間已經過去' }]);
  }
  if (sendAt > now + MESSAGE_SCHEDULE_MAX_DAYS * DAY) {
    throw new AppError('BAD_INPUT', [
      { name: 'sendAt', problem: `傳送時間最多可排在 ${MESSAGE_SCHEDULE_MAX_DAYS} 天內` },
    ]);
  }
  let accountId: string | null = null;
  if (input.audience === 'member') {
    const member = await accountOfLoginId(db, input.loginId ?? '');
    if (!member) throw new AppError('BAD_INPUT', [{ name: 'loginId', problem: '找不到這位會員' }]);
    accountId = member.accountId;
  }
  let link: string | null = null;
  if (input.contentId) {
    const title = await findTitle(db, input.contentId);
    if (!title) throw new AppError('BAD_INPUT', [{ name: 'contentId', problem: '找不到這部影片' }]);
    link = detailLinkString(title.content_id, title.series_id ?? title.content_id);
  }
  const row: Selectable<InboxMessageTable> = {
    msg_id: newId('MSG-'),
    account_id: accountId,
    title: input.title,
    content: input.content,
    // A time a moment past (the form was filled before it was sent) is now.
    sent_at: Math.max(sendAt, now),
    link,
    audience: input.audience === 'member' ? null : input.audience,
    audience_days: input.audience === 'rentalEnding' ? (input.days ?? null) : null,
    created_by: actor.email,
    created_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('inbox_message').values(row).execute();
    await recordChange(
      trx,
      actor,
      { entity: 'inbox_message', entityId: row.msg_id, before: null, after: auditedMessage(row) },
      now,
    );
  });
  const [message] = await presentMessages(db, [row], now);
  return message!;
}

/** Withdraws a message whose time has not come (no member has seen it); a sent one stays. */
export async function cancelMessage(
  db: Kysely<Database>,
  actor: Actor,
  msgId: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('inbox_message')
      .selectAll()
      .where('msg_id', '=', msgId)
      .executeTakeFirst();
    if (!row) throw notFound('找不到這則訊息。');
    const removed = await trx
      .deleteFrom('inbox_message')
      .where('msg_id', '=', msgId)
      .where('sent_at', '>', now)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) {
      throw new AppError('CONFLICT', undefined, '這則訊息已經送出，不能撤回。');
    }
    await recordChange(
      trx,
      actor,
      { entity: 'inbox_message', entityId: msgId, before: auditedMessage(row), after: null },
      now,
    );
  });
}

function presentAnnouncement(
  row: Selectable<AnnouncementTable>,
  seen: number,
  now: number,
): ConsoleAnnouncement {
  const startAt = Number(row.start_at);
  const endAt = Number(row.end_at);
  return {
    announceId: row.announce_id,
    title: row.title,
    content: row.content,
    startAt,
    endAt,
    status: now < startAt ? 'scheduled' : now < endAt ? 'showing' : 'ended',
    seenCount: seen,
    version: Number(row.version),
  };
}

function auditedAnnouncement(row: {
  title: string;
  content: string;
  start_at: number;
  end_at: number;
}): Record<string, unknown> {
  return {
    title: row.title,
    content: row.content,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
  };
}

/** The newest 200 announcements by window, each with how many users were shown it. */
export async function listAnnouncements(
  db: Kysely<Database>,
  now: number,
): Promise<ConsoleAnnouncement[]> {
  const rows = await db
    .selectFrom('announcement as a')
    .selectAll('a')
    .select((eb) =>
      eb
        .selectFrom('announcement_seen as s')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('s.announce_id', '=', 'a.announce_id')
        .as('seen'),
    )
    .orderBy('a.start_at', 'desc')
    .orderBy('a.announce_id')
    .limit(200)
    .execute();
  return rows.map((r) => presentAnnouncement(r, Number(r.seen ?? 0), now));
}

async function announcementWithSeen(db: Kysely<Database>, announceId: string, now: number) {
  const list = await db
    .selectFrom('announcement')
    .selectAll()
    .where('announce_id', '=', announceId)
    .executeTakeFirstOrThrow();
  const seen = await db
    .selectFrom('announcement_seen')
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('announce_id', '=', announceId)
    .executeTakeFirstOrThrow();
  return presentAnnouncement(list, Number(seen.n), now);
}

export async function createAnnouncement(
  db: Kysely<Database>,
  actor: Actor,
  input: NewAnnouncement,
  now: number,
): Promise<ConsoleAnnouncement> {
  const values = {
    announce_id: newId('ANN-'),
    title: input.title,
    content: input.content,
    start_at: input.startAt,
    end_at: input.endAt,
    created_by: actor.email,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('announcement').values(values).execute();
    await recordChange(
      trx,
      actor,
      {
        entity: 'announcement',
        entityId: values.announce_id,
        before: null,
        after: auditedAnnouncement(values),
      },
      now,
    );
  });
  return announcementWithSeen(db, values.announce_id, now);
}

/** Changes an announcement on the version seen; a stale version is refused with the current. */
export async function changeAnnouncement(
  db: Kysely<Database>,
  actor: Actor,
  announceId: string,
  input: NewAnnouncement & { version: number },
  now: number,
): Promise<ConsoleAnnouncement> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('announcement')
      .selectAll()
      .where('announce_id', '=', announceId)
      .executeTakeFirst();
    if (!row) throw notFound('找不到這則公告。');
    const next = {
      title: input.title,
      content: input.content,
      start_at: input.startAt,
      end_at: input.endAt,
    };
    const updated = await trx
      .updateTable('announcement')
      .set({ ...next, updated_at: now, version: sql<number>`version + 1` })
      .where('announce_id', '=', announceId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw staleEdit(auditedAnnouncement(row), Number(row.version));
    }
    await recordChange(
      trx,
      actor,
      {
        entity: 'announcement',
        entityId: announceId,
        before: auditedAnnouncement(row),
        after: auditedAnnouncement(next),
      },
      now,
    );
  });
  return announcementWithSeen(db, announceId, now);
}
