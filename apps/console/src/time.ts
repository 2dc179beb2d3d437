/** Times in the console are Taipei's (UTC+8 all year: Taiwan keeps no daylight saving time). */
const TAIPEI_OFFSET_SECONDS = 8 * 3600;

const dateTime = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Unix seconds as a Taipei date and time, e.g. 2026/11/26 17:28 ('—' for none, or 0: never). */
export function formatTaipei(unixSeconds: number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined || unixSeconds === 0) return '—';
  return dateTime.format(new Date(unixSeconds * 1000));
}

/** `YYYY-MM-DD` (an <input type="date">) as the Unix second its Taipei day starts, or ends. */
export function taipeiDayToUnix(day: string, end = false): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = Date.parse(`${day}T00:00:00+08:00`) / 1000;
  if (Number.isNaN(start)) return undefined;
  return end ? start + 86_399 : start;
}

/** `YYYY-MM-DDTHH:mm` (an <input type="datetime-local">, Taipei time) as Unix seconds. */
export function taipeiLocalToUnix(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const seconds = Date.parse(`${value}:00+08:00`) / 1000;
  return Number.isNaN(seconds) ? undefined : seconds;
}

/** Unix seconds as `YYYY-MM-DDTHH:mm` in Taipei, for an <input type="datetime-local">. */
export function unixToTaipeiLocal(unixSeconds: number | null): string {
  if (unixSeconds === null) return '';
  return new Date((unixSeconds + TAIPEI_OFFSET_SECONDS) * 1000).toISOString().slice(0, 16);
}
