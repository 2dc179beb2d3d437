import { sql, type Kysely } from 'kysely';
import {
  QOE_ALERT_WINDOW_MINUTES,
  QOE_REBUFFER_RATIO_LINE,
  QOE_START_P50_LINE_MS,
  type QoeAlert,
  type QoeBreakdown,
  type QoeFigures,
  type QoeRow,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { START_BUCKET_COLUMNS } from '../../db/schema-qoe.js';
import { medianOver, percentileOf } from './histogram.js';

const SUMMED = [
  'sessions',
  'watch_ms',
  'stall_ms',
  'stall_count',
  'bitrate_switches',
  'fatals',
  ...START_BUCKET_COLUMNS,
] as const;
type Sums = Record<(typeof SUMMED)[number], number>;

/** `sum(c) as c` for every count (each dialect returns a bigint sum as it likes: Number()). */
const sums = () => SUMMED.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c));
const numbers = (row: Record<string, unknown>): Sums =>
  Object.fromEntries(SUMMED.map((c) => [c, Number(row[c] ?? 0)])) as Sums;

/** Figures from summed counts: percentiles from the histogram, ratios from the totals. */
export function figuresOf(s: Sums): QoeFigures {
  const buckets = START_BUCKET_COLUMNS.map((c) => s[c]);
  return {
    sessions: s.sessions,
    startP50Ms: percentileOf(buckets, 0.5),
    startP95Ms: percentileOf(buckets, 0.95),
    rebufferRatio: s.watch_ms > 0 ? s.stall_ms / s.watch_ms : null,
    stallCount: s.stall_count,
    bitrateSwitches: s.bitrate_switches,
    errorRate: s.sessions > 0 ? Math.min(1, s.fatals / s.sessions) : null,
    watchMs: s.watch_ms,
  };
}

/** A period widened to whole hours: what the hourly figures can answer. */
export function wholeHours(from: number, to: number): { from: number; to: number } {
  return { from: from - (from % 3600), to: to % 3600 === 0 ? to : to - (to % 3600) + 3600 };
}

/**
 * The rows a title or channel report adds up (docs/adr/0055): whole UTC days from qoe_daily and
 * only the hours at the period's edges from qoe_hourly, so 30 days read ~30 rows a key, not 720.
 */
function contentRows(db: Kysely<Database>, playType: 'VOD' | 'LIVE', from: number, to: number) {
  const firstDay = Math.ceil(from / 86_400) * 86_400;
  const lastDay = Math.floor(to / 86_400) * 86_400;
  const columns = ['content_id', ...SUMMED] as const;
  const hourly = (a: number, b: number) =>
    db
      .selectFrom('qoe_hourly')
      .select(columns)
      .where('play_type', '=', playType)
      .where('period_start', '>=', a)
      .where('period_start', '<', b);
  if (firstDay >= lastDay) return hourly(from, to);
  return db
    .selectFrom('qoe_daily')
    .select(columns)
    .where('play_type', '=', playType)
    .where('period_start', '>=', firstDay)
    .where('period_start', '<', lastDay)
    .unionAll(hourly(from, firstDay))
    .unionAll(hourly(lastDay, to));
}

/**
 * The period's figures, in total and by `by` (titles: VOD plays; channels: LIVE plays), the
 * busiest groups first (hours in order), at most `limit` groups; plus errors by SPEC §8 code.
 */
export async function qoeReport(
  db: Kysely<Database>,
  period: { from: number; to: number },
  by: QoeBreakdown,
  limit = 200,
) {
  const { from, to } = wholeHours(period.from, period.to);
  const byContent = by === 'title' || by === 'channel';
  const playType = by === 'title' ? 'VOD' : 'LIVE';
  const group = by === 'hour' ? 'period_start' : by === 'device' ? 'device_type' : 'content_id';
  const source = () =>
    byContent
      ? db.selectFrom(contentRows(db, playType, from, to).as('r'))
      : db
          .selectFrom('qoe_hour_device as r')
          .where('period_start', '>=', from)
          .where('period_start', '<', to);
  const [totalRow, groupRows, codeRows] = await Promise.all([
    source().select(sums()).executeTakeFirst(),
    source()
      .select(sums())
      .select(sql<string>`${sql.ref(group)}`.as('group_key'))
      .groupBy(group as never)
      .orderBy(
        by === 'hour' ? sql.ref(group) : sql`sum(${sql.ref('sessions')})`,
        by === 'hour' ? 'asc' : 'desc',
      )
      .limit(by === 'hour' ? 24 * 93 : limit)
      .execute(),
    db
      .selectFrom('qoe_error_hourly')
      .where('period_start', '>=', from)
      .where('period_start', '<', to)
      .$if(byContent, (q) => q.where('play_type', '=', playType))
      .select('code')
      .select(sql<number>`sum(errors)`.as('errors'))
      .select(sql<number>`sum(fatals)`.as('fatals'))
      .groupBy('code')
      .orderBy('code')
      .execute(),
  ]);
  const keys = groupRows.map((r) => String(r.group_key));
  const labels = await labelsOf(db, by, keys);
  const rows: QoeRow[] = groupRows.map((r) => {
    const key = String(r.group_key);
    return { key, label: labels.get(key) ?? key, ...figuresOf(numbers(r)) };
  });
  return {
    from,
    to,
    by,
    total: figuresOf(numbers(totalRow ?? {})),
    rows,
    errorCodes: codeRows.map((r) => ({
      code: Number(r.code),
      errors: Number(r.errors),
      fatals: Number(r.fatals),
    })),
  };
}

/** Names for content ids: a title's, else a channel's; device types and hours are their own. */
async function labelsOf(
  db: Kysely<Database>,
  by: QoeBreakdown,
  keys: string[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if ((by !== 'title' && by !== 'channel') || keys.length === 0) return labels;
  const titles = await db
    .selectFrom('title')
    .select(['content_id', 'name'])
    .where('content_id', 'in', keys)
    .execute();
  for (const t of titles) labels.set(t.content_id, t.name);
  const channels = await db
    .selectFrom('channel')
    .select(['channel_id', 'name'])
    .where('channel_id', 'in', keys)
    .execute();
  for (const c of channels) if (!labels.has(c.channel_id)) labels.set(c.channel_id, c.name);
  return labels;
}

/**
 * The last 15 whole minutes up to `now` (the current minute included) against the lines:
 * rebuffer ratio over 0.5 %, start time median over 2 s (exact: 2 s is a bucket bound).
 */
export async function qoeAlert(db: Kysely<Database>, now: number): Promise<QoeAlert> {
  const to = now - (now % 60) + 60;
  const from = to - QOE_ALERT_WINDOW_MINUTES * 60;
  const row = await db
    .selectFrom('qoe_recent')
    .where('period_start', '>=', from)
    .where('period_start', '<', to)
    .select(sums())
    .executeTakeFirst();
  const summed = numbers(row ?? {});
  const figures = figuresOf(summed);
  return {
    from,
    to,
    figures,
    rebufferAlert:
      figures.rebufferRatio !== null && figures.rebufferRatio > QOE_REBUFFER_RATIO_LINE,
    startAlert: medianOver(
      START_BUCKET_COLUMNS.map((c) => summed[c]),
      QOE_START_P50_LINE_MS,
    ),
  };
}
