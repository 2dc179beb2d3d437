/**
 * Wall-clock time in Asia/Taipei, the one module for it (DESIGN §7: through Intl, no fixed +8 h
 * arithmetic). Times are
 * stored as Unix seconds (UTC); schedules are shown and keyed in Taipei time. The zone's offset
 * at a moment comes from Intl's time-zone data and is remembered per hour (formatting thousands
 * of programme times through Intl one by one costs tens of milliseconds).
 */
export const TIME_ZONE = 'Asia/Taipei';

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  timeZoneName: 'longOffset',
});
const weekdayFormat = new Intl.DateTimeFormat('zh-TW', { timeZone: TIME_ZONE, weekday: 'short' });

const offsets = new Map<number, number>();
const weekdays = new Map<string, string>();

/** Taipei's UTC offset in seconds at a moment (Intl's zone data, remembered per hour). */
export function taipeiOffsetSeconds(unixSeconds: number): number {
  const hour = Math.floor(unixSeconds / 3600);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const name =
      offsetFormat.formatToParts(hour * 3600 * 1000).find((p) => p.type === 'timeZoneName')
        ?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    offset = match
      ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60)
      : 0;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

export interface TaipeiParts {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Taipei calendar date and time of a moment. */
export function taipeiParts(unixSeconds: number): TaipeiParts {
  const local = new Date((unixSeconds + taipeiOffsetSeconds(unixSeconds)) * 1000);
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(hour)}:${pad(minute)}`,
    hour,
    minute,
    second: local.getUTCSeconds(),
  };
}

/** The weekday in zh-TW ('週日' … '週六'). */
export function taipeiWeekday(unixSeconds: number): string {
  const { date } = taipeiParts(unixSeconds);
  let weekday = weekdays.get(date);
  if (weekday === undefined) {
    weekday = weekdayFormat.format(unixSeconds * 1000);
    if (weekdays.size > 10_000) weekdays.clear();
    weekdays.set(date, weekday);
  }
  return weekday;
}

/** The Taipei midnight that starts the day holding `unixSeconds`. */
export function taipeiMidnight(unixSeconds: number): number {
  const { hour, minute, second } = taipeiParts(unixSeconds);
  return unixSeconds - (hour * 3600 + minute * 60 + second);
}

/** Taipei's UTC offset at a moment as XMLTV writes it, e.g. '+0800'. */
export function taipeiOffset(unixSeconds: number): string {
  const offset = taipeiOffsetSeconds(unixSeconds);
  const abs = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}${pad(Math.floor(abs / 60) % 60)}`;
}

/** Unix seconds of the Taipei midnight that starts a calendar date 'YYYY-MM-DD' (or 'YYYY-MM-01'). */
export function taipeiDateStart(year: number, month: number, day = 1): number {
  const utcMidnight = Date.UTC(year, month - 1, day) / 1000;
  return utcMidnight - taipeiOffsetSeconds(utcMidnight);
}

/** 'YYYY-MM-DD HH:mm:ss' in Taipei (the draw activities' times, SPEC §5). */
export function taipeiDateTime(unixSeconds: number): string {
  const { date, time, second } = taipeiParts(unixSeconds);
  return `${date} ${time}:${pad(second)}`;
}

/** 'YYYY-MM-DD HH:mm' in Taipei: how times are named in messages to operators. */
export function taipeiLabel(unixSeconds: number): string {
  const { date, time } = taipeiParts(unixSeconds);
  return `${date} ${time}`;
}
