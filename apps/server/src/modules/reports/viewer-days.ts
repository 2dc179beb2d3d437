import { sql, type AliasedSelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * Distinct viewers over any period without hashing them (docs/adr/0054 "Speed"). A viewer-day
 * row says a viewer watched on a Taipei day (report_viewer_day: anything; report_audience_day:
 * one title or channel) and holds the viewer's previous such day (0: none). Over a period, each
 * viewer has exactly one row whose previous day is before the period (their first day in it),
 * so the distinct viewers are a count of those rows: one index range, however many plays.
 *
 * Plays arrive late (kept a day after they ended), so a new day can fall between two days
 * already there: the new row gets its previous day from both the rows there and the other new
 * ones, and the row after it, if already there, is moved to point at the new day.
 */

type ViewerDays = 'report_viewer_day' | 'report_audience_day';

/**
 * Adds `days` (the key columns and day_start, distinct) into `table`, keyed by `keys` and
 * day_start, keeping every row's prev_day the key's latest day before it.
 */
export async function addViewerDays(
  trx: Transaction<Database>,
  table: ViewerDays,
  keys: string[],
  days: AliasedSelectQueryBuilder<object, 'n'>,
): Promise<void> {
  const t = sql.table(table);
  const cols = (alias: string) => sql.join(keys.map((k) => sql.ref(`${alias}.${k}`)));
  const same = (a: string, b: string) =>
    sql.join(
      keys.map((k) => sql`${sql.ref(`${a}.${k}`)} = ${sql.ref(`${b}.${k}`)}`),
      sql` and `,
    );
  // A table empty so far (the first fill after migration 0044) has no day to link to: the new
  // rows' links among themselves are all there is, and the two lookups below (one per new day,
  // seconds over half a million) find nothing.
  const empty = !(await trx.selectFrom(table).select('day_start').limit(1).executeTakeFirst());
  // New rows, each linked to the new day before it, in key order (PostgreSQL then appends to
  // the primary key instead of splitting pages at random). "where true": SQLite would read an
  // ON right after a bare FROM as a join's. No lookup of the rows already there here: planned
  // while the table may still be empty, it would scan the table once per row.
  await sql`insert into ${t} (${sql.join(keys.map((k) => sql.id(k)))}, day_start, prev_day)
    select ${cols('n')}, n.day_start,
      coalesce(lag(n.day_start) over (partition by ${cols('n')} order by n.day_start), 0)
    from ${days}
    where true
    order by ${cols('n')}, n.day_start
    on conflict do nothing`.execute(trx);
  if (empty) return;
  // The days just added, linked to a day already there when that one is closer.
  await sql`update ${t} as v set prev_day = x.prev_day
    from (
      select ${cols('n')}, n.day_start,
        (select max(e.day_start) from ${t} as e
          where ${same('e', 'n')} and e.day_start < n.day_start) as prev_day
      from ${days}
    ) as x
    where ${same('v', 'x')} and v.day_start = x.day_start and x.prev_day > v.prev_day`.execute(trx);
  // Days already there that a new day now precedes more closely.
  await sql`update ${t} as v set prev_day = x.prev_day
    from (
      select ${cols('e')}, e.day_start, max(n.day_start) as prev_day
      from ${days}
      join ${t} as e on ${same('e', 'n')}
        and e.day_start > n.day_start and e.prev_day < n.day_start
      group by ${cols('e')}, e.day_start
    ) as x
    where ${same('v', 'x')} and v.day_start = x.day_start`.execute(trx);
}
