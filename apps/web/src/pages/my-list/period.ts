/** The play history's month period: 'YYYYMM' strings as ajaxFindViewRecord.do takes them. */

export interface MonthOption {
  value: string;
  year: number;
  month: number;
}

const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/** The Taipei calendar month of `date` (Taiwan has no daylight saving time). */
export function taipeiMonth(date: Date): { year: number; month: number } {
  const taipei = new Date(date.getTime() + TAIPEI_OFFSET_MS);
  return { year: taipei.getUTCFullYear(), month: taipei.getUTCMonth() + 1 };
}

export function monthValue(year: number, month: number): string {
  return `${year}${String(month).padStart(2, '0')}`;
}

/** The last `count` months, newest first, for the period selects. */
export function monthOptions(now: Date, count = 24): MonthOption[] {
  const { year, month } = taipeiMonth(now);
  const options: MonthOption[] = [];
  for (let i = 0; i < count; i += 1) {
    const index = year * 12 + (month - 1) - i;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    options.push({ value: monthValue(y, m), year: y, month: m });
  }
  return options;
}

/** A 'YYYYMM' from the URL, or undefined when it is not one. */
export function parseMonth(value: string | null): string | undefined {
  return value !== null && /^\d{4}(0[1-9]|1[0-2])$/.test(value) ? value : undefined;
}

/** Whether a period runs backwards (its start after its end). */
export function isBackwards(start: string | undefined, end: string | undefined): boolean {
  return start !== undefined && end !== undefined && start > end;
}
