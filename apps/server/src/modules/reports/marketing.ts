import type { Kysely } from 'kysely';
import type { DrawReport, ReportPeriod, VoucherReport } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { dayIndexOf, hourOf, perDay, periodDays } from './days.js';

/*
 * Voucher redemptions by batch and draw participation (issue 26 item 4, docs/adr/0054), each on
 * the Taipei day it happened. A redemption's stored value or viewing credit is the voucher's
 * amount (the wallet_entry 'voucher' row it made carries the same).
 */

const NO_BATCH = '（批次建立前的序號）';

export async function voucherReport(
  db: Kysely<Database>,
  period: ReportPeriod,
): Promise<VoucherReport> {
  const days = periodDays(period);
  const inPeriod = db
    .selectFrom('voucher')
    .where('redeemed_at', '>=', days.start)
    .where('redeemed_at', '<', days.end);
  const [byHour, byBatch] = await Promise.all([
    inPeriod
      .select(hourOf('redeemed_at').as('hour'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('hour')
      .execute(),
    inPeriod
      .select(['batch_id'])
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
      ])
      .groupBy('batch_id')
      .execute(),
  ]);
  const table = perDay(days, () => ({ redeemed: 0 }));
  for (const row of byHour) {
    const day = table.at(row.hour);
    if (day) day.redeemed += Number(row.n);
  }
  const batchIds = byBatch.flatMap((r) => (r.batch_id ? [r.batch_id] : []));
  const [batches, ever] = await Promise.all([
    batchIds.length === 0
      ? []
      : db
          .selectFrom('voucher_batch')
          .select(['batch_id', 'name', 'kind', 'quantity'])
          .where('batch_id', 'in', batchIds)
          .execute(),
    db
      .selectFrom('voucher')
      .select(['batch_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        batchIds.length === 0
          ? eb('batch_id', 'is', null)
          : eb.or([eb('batch_id', 'in', batchIds), eb('batch_id', 'is', null)]),
      )
      .where('redeemed_at', 'is not', null)
      .groupBy('batch_id')
      .execute(),
  ]);
  const batchOf = new Map(batches.map((b) => [b.batch_id, b]));
  const everOf = new Map(ever.map((r) => [r.batch_id, Number(r.n)]));
  const lines = byBatch.map((row) => {
    const batch = row.batch_id ? batchOf.get(row.batch_id) : undefined;
    return {
      batchId: row.batch_id,
      name: batch?.name ?? NO_BATCH,
      kind: batch?.kind ?? '',
      quantity: batch ? Number(batch.quantity) : 0,
      redeemed: Number(row.n),
      redeemedEver: everOf.get(row.batch_id) ?? Number(row.n),
      amount: Number(row.amount),
    };
  });
  lines.sort((a, b) => b.redeemed - a.redeemed || (a.batchId ?? '').localeCompare(b.batchId ?? ''));
  return {
    from: period.from,
    to: period.to,
    days: table.rows.map((r, i) => ({ ...days.days[i]!, ...r })),
    batches: lines,
  };
}

export async function drawReport(db: Kysely<Database>, period: ReportPeriod): Promise<DrawReport> {
  const days = periodDays(period);
  const inPeriod = db
    .selectFrom('draw')
    .where('drawn_at', '>=', days.start)
    .where('drawn_at', '<', days.end);
  const [byDay, byActivity] = await Promise.all([
    inPeriod
      .select(dayIndexOf(days, 'drawn_at').as('day'))
      .select((eb) => [
        eb.fn.countAll<number>().as('draws'),
        eb.fn.count<number>('account_id').distinct().as('participants'),
        eb.fn.count<number>('prize_id').as('won'),
      ])
      .groupBy('day')
      .execute(),
    inPeriod
      .innerJoin('draw_activity as a', 'a.activity_id', 'draw.activity_id')
      .leftJoin('channel as c', 'c.channel_id', 'a.channel_id')
      .select(['draw.activity_id', 'a.title', 'a.channel_id', 'c.name'])
      .select((eb) => [
        eb.fn.countAll<number>().as('draws'),
        eb.fn.count<number>('draw.account_id').distinct().as('participants'),
        eb.fn.count<number>('draw.prize_id').as('won'),
      ])
      .groupBy(['draw.activity_id', 'a.title', 'a.channel_id', 'c.name'])
      .execute(),
  ]);
  const rows = days.days.map((d) => ({ ...d, draws: 0, participants: 0, won: 0 }));
  for (const row of byDay) {
    const day = rows[Number(row.day)];
    if (!day) continue;
    day.draws = Number(row.draws);
    day.participants = Number(row.participants);
    day.won = Number(row.won);
  }
  const activities = byActivity.map((r) => ({
    activityId: r.activity_id,
    title: r.title || r.activity_id,
    channelName: r.name ?? r.channel_id,
    draws: Number(r.draws),
    participants: Number(r.participants),
    won: Number(r.won),
  }));
  activities.sort((a, b) => b.draws - a.draws || a.activityId.localeCompare(b.activityId));
  return { from: period.from, to: period.to, days: rows, activities };
}
