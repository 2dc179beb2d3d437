import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '@site/contract/console';
import { taipeiDateStart, taipeiParts } from '../../taipei-time.js';

/*
 * A report's period as Taipei days (docs/adr/0054). The database groups by UTC hour (a number
 * that needs no time zone), and each hour is put in its Taipei day here through Intl's zone data
 * (taipei-time.ts), so no fixed +8 h is written into SQL and a day begins exactly at Taipei
 * midnight.
 */

export interface ReportDay {
  date: string;
  dayStart: number;
}

export interface Days {
  /** Unix seconds: the first day's Taipei midnight, and the midnight after the last day. */
  start: number;
  end: number;
  days: ReportDay[];
  /** The index in `days` of the day holding an hour (Unix seconds / 3600), or -1 outside. */
  indexOfHour(hour: number): number;
}

const startOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return taipeiDateStart(y!, m!, d!);
};

/** The calendar date a number of days after 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function periodDays(period: ReportPeriod): Days {
  const days: ReportDay[] = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    days.push({ date, dayStart: startOf(date) });
  }
  const index = new Map(days.map((d, i) => [d.date, i]));
  return {
    start: days[0]!.dayStart,
    end: startOf(addDays(period.to, 1)),
    days,
    indexOfHour: (hour) => index.get(taipeiParts(hour * 3600).date) ?? -1,
  };
}

/** The UTC hour of a Unix-seconds column (whole-number division on both databases). */
export function hourOf(column: string): RawBuilder<number> {
  return sql<number>`${sql.ref(column)} / 3600`;
}

/** The Taipei month 'YYYY-MM' of a moment. */
export function taipeiMonth(unixSeconds: number): string {
  return taipeiParts(unixSeconds).date.slice(0, 7);
}

/** Zeros for every day, filled by `add` from rows carrying an hour. */
export function perDay<T>(
  days: Days,
  zero: () => T,
): { rows: T[]; at(hour: number | string): T | undefined } {
  const rows = days.days.map(() => zero());
  return { rows, at: (hour) => rows[days.indexOfHour(Number(hour))] };
}

const uniform = (days: Days) => days.days.every((d, i) => d.dayStart === days.start + i * 86_400);

/**
 * The index of a moment's day in the period as SQL, for counts that cannot be added up from
 * hours (distinct viewers of a day). Days of 24 h (Taipei keeps no summer time) make it one
 * division from the first midnight; a period holding a shorter or longer day gets a CASE over
 * the midnights instead. Either way the midnights come from Intl, not from a fixed offset.
 */
export function dayIndexOf(days: Days, column: string): RawBuilder<number> {
  const col = sql.ref(column);
  // Written into the statement: SQLite binds a JS number as a float, and a float divides exactly.
  if (uniform(days)) return sql<number>`(${col} - ${sql.lit(days.start)}) / 86400`;
  const branches = days.days.slice(1).map((d, i) => sql`when ${col} < ${d.dayStart} then ${i}`);
  return sql<number>`case ${sql.join(branches, sql` `)} else ${days.days.length - 1} end`;
}

/**
 * The Taipei midnight (Unix seconds) of the day holding a moment, as SQL, for moments within
 * `days`: the viewing rollup's day key. Made like dayIndexOf, from Intl's midnights; literals
 * only, so PostgreSQL matches the expression in GROUP BY.
 */
export function dayStartOf(days: Days, column: string): RawBuilder<number> {
  const col = sql.ref(column);
  const start = sql.lit(days.start);
  if (uniform(days)) return sql<number>`${start} + (${col} - ${start}) / 86400 * 86400`;
  const branches = days.days
    .slice(1)
    .map(
      (d, i) => sql`when ${col} < ${sql.lit(d.dayStart)} then ${sql.lit(days.days[i]!.dayStart)}`,
    );
  return sql<number>`case ${sql.join(branches, sql` `)} else ${sql.lit(days.days.at(-1)!.dayStart)} end`;
}
