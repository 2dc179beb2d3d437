import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import {
  DRAW_CONTACT_ROLES,
  DRAW_WINNERS_CSV_HEADER,
  type ConsoleDrawActivity,
  type DrawEligibility,
  type DrawState,
  type DrawWinner,
  type StaffRole,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { DrawActivityTable } from '../../db/schema-engagement.js';
import { notFound } from '../../http/errors.js';
import { taipeiDateTime } from '../../taipei-time.js';
import { maskLoginId } from '../accounts/login-info.js';
import { csvCell } from '../audit/csv.js';
import { recordChange, type Actor } from '../audit/trail.js';

/*
 * The console's reads of prize-draw activities (issue 25 item 7; docs/adr/0049): the list with
 * each activity's figures, one activity, its winners (contact masked unless the role calls
 * winners) and their CSV export, which is audited.
 */

type ActivityRow = Selectable<DrawActivityTable>;

export function stateOf(row: { start_at: number; end_at: number }, now: number): DrawState {
  if (now < Number(row.start_at)) return 'scheduled';
  return now < Number(row.end_at) ? 'running' : 'ended';
}

/** The state a list filter names, as a condition on the window. */
function inState(eb: ExpressionBuilder<Database, 'draw_activity'>, state: DrawState, now: number) {
  if (state === 'scheduled') return eb('start_at', '>', now);
  if (state === 'ended') return eb('end_at', '<=', now);
  return eb.and([eb('start_at', '<=', now), eb('end_at', '>', now)]);
}

/** Activities with their prizes and figures, in the rows' order. */
export async function presentActivities(
  db: Kysely<Database>,
  rows: ActivityRow[],
  now: number,
): Promise<ConsoleDrawActivity[]> {
  const ids = rows.map((r) => r.activity_id);
  if (ids.length === 0) return [];
  const channelIds = [...new Set(rows.map((r) => r.channel_id))];
  const [prizes, accounts, draws, channels] = await Promise.all([
    db
      .selectFrom('draw_prize')
      .selectAll()
      .where('activity_id', 'in', ids)
      .orderBy('sort_order')
      .orderBy('prize_id')
      .execute(),
    db
      .selectFrom('draw_account')
      .select(['activity_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('activity_id', 'in', ids)
      .groupBy('activity_id')
      .execute(),
    db
      .selectFrom('draw')
      .select(['activity_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('activity_id', 'in', ids)
      .groupBy('activity_id')
      .execute(),
    db
      .selectFrom('channel')
      .select(['channel_id', 'name'])
      .where('channel_id', 'in', channelIds)
      .execute(),
  ]);
  const count = (list: { activity_id: string; n: number | string }[], id: string) =>
    Number(list.find((c) => c.activity_id === id)?.n ?? 0);
  return rows.map((r) => {
    const pool = prizes
      .filter((p) => p.activity_id === r.activity_id)
      .map((p) => ({
        prizeId: p.prize_id,
        name: p.name,
        quantity: Number(p.quantity),
        won: Number(p.quantity) - Number(p.remaining),
        remaining: Number(p.remaining),
      }));
    return {
      activityId: r.activity_id,
      title: r.title,
      channelId: r.channel_id,
      channelName: channels.find((c) => c.channel_id === r.channel_id)?.name ?? r.channel_id,
      startAt: Number(r.start_at),
      endAt: Number(r.end_at),
      odds: Number(r.odds_per_mille) / 1000,
      eligibility: (r.eligibility === 'service' ? 'service' : 'all') as DrawEligibility,
      state: stateOf(r, now),
      participants: count(accounts, r.activity_id),
      draws: count(draws, r.activity_id),
      won: pool.reduce((sum, p) => sum + p.won, 0),
      remaining: pool.reduce((sum, p) => sum + p.remaining, 0),
      prizes: pool,
      version: Number(r.version),
      createdBy: r.created_by,
    };
  });
}

export async function listActivities(
  db: Kysely<Database>,
  query: {
    state?: DrawState | undefined;
    channelId?: string | undefined;
    page: number;
    pageSize: number;
  },
  now: number,
) {
  const { state, channelId: channel } = query;
  const [rows, total, channels] = await Promise.all([
    db
      .selectFrom('draw_activity')
      .selectAll()
      .$if(state !== undefined, (q) => q.where((eb) => inState(eb, state!, now)))
      .$if(channel !== undefined, (q) => q.where('channel_id', '=', channel!))
      // Running first (earliest start first), then scheduled (soonest first), then ended (latest
      // first): what marketing is watching before what is done.
      .orderBy(sql`case when end_at <= ${now} then 2 when start_at <= ${now} then 0 else 1 end`)
      .orderBy(sql`case when end_at <= ${now} then -start_at else start_at end`)
      .orderBy('activity_id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('draw_activity')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$if(state !== undefined, (q) => q.where((eb) => inState(eb, state!, now)))
      .$if(channel !== undefined, (q) => q.where('channel_id', '=', channel!))
      .executeTakeFirstOrThrow(),
    db.selectFrom('channel').select(['channel_id', 'name']).orderBy('channel_id').execute(),
  ]);
  return {
    activities: await presentActivities(db, rows, now),
    total: Number(total.n),
    page: query.page,
    pageSize: query.pageSize,
    channels: channels.map((c) => ({ channelId: c.channel_id, name: c.name })),
  };
}

export async function getActivity(
  db: Kysely<Database>,
  activityId: string,
  now: number,
): Promise<ConsoleDrawActivity> {
  const row = await db
    .selectFrom('draw_activity')
    .selectAll()
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  if (!row) throw notFound('找不到這個抽獎活動。');
  const [activity] = await presentActivities(db, [row], now);
  return activity!;
}

/** Whether these roles see a winner's contact unmasked (they call winners; docs/adr/0049). */
export function seesContact(roles: readonly StaffRole[]): boolean {
  const allowed: readonly StaffRole[] = DRAW_CONTACT_ROLES;
  return roles.some((role) => allowed.includes(role));
}

const mask = (value: string | null, shown: boolean) =>
  !value ? '' : shown ? value : maskLoginId(value);

/** The activity's winners, first won first, each with the member's contact as the role may see. */
export async function listWinners(
  db: Kysely<Database>,
  activityId: string,
  roles: readonly StaffRole[],
): Promise<{ winners: DrawWinner[]; contactShown: boolean }> {
  const found = await db
    .selectFrom('draw_activity')
    .select('activity_id')
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  if (!found) throw notFound('找不到這個抽獎活動。');
  const rows = await db
    .selectFrom('draw_winner as w')
    .leftJoin('account as a', 'a.account_id', 'w.account_id')
    .leftJoin('sub_account as s', 's.sub_account_uid', 'w.sub_account_uid')
    .select([
      'w.won_at',
      'w.prize_name',
      'w.sub_account_uid',
      'a.login_id',
      'a.email',
      'a.phone',
      's.nickname',
    ])
    .where('w.activity_id', '=', activityId)
    .orderBy('w.won_at')
    .orderBy('w.sub_account_uid')
    .execute();
  const shown = seesContact(roles);
  return {
    contactShown: shown,
    winners: rows.map((r) => ({
      wonAt: Number(r.won_at),
      prizeName: r.prize_name,
      // A sub-account deleted since keeps its win; the list says so.
      nickname: r.nickname ?? '（已刪除的使用者）',
      member: mask(r.login_id, shown),
      email: mask(r.email, shown),
      phone: mask(r.phone, shown),
    })),
  };
}

/**
 * The winners as CSV text (UTF-8 BOM so Excel reads the Chinese, every cell quoted and guarded
 * against formulas), contact as the role may see it. Every export is recorded in the audit trail:
 * who took the list, how many rows and whether with contact.
 */
export async function exportWinners(
  db: Kysely<Database>,
  actor: Actor,
  activityId: string,
  now: number,
): Promise<string> {
  const { winners, contactShown } = await listWinners(db, activityId, actor.roles);
  await recordChange(
    db,
    actor,
    {
      entity: 'draw_winners',
      entityId: activityId,
      before: null,
      after: { exported: winners.length, contact: contactShown ? 'shown' : 'masked' },
    },
    now,
  );
  const lines = [`\uFEFF${DRAW_WINNERS_CSV_HEADER.map(csvCell).join(',')}`];
  for (const w of winners) {
    lines.push(
      [taipeiDateTime(w.wonAt), w.prizeName, w.member, w.nickname, w.email, w.phone]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
