/**
 * The week grid's arithmetic (issue 25 item 2, docs/adr/0048), kept pure so it is tested without a
 * browser: Taipei weeks (Monday first; Taiwan keeps UTC+8 all year), where a programme's block
 * sits in a day column, and what a drag or a resize becomes, snapped to whole minutes.
 */

export const DAY = 86_400;
const TAIPEI = 8 * 3600;
/** Drags and resizes land on 5-minute marks; the dialog takes any minute. */
export const SNAP_SECONDS = 300;
/** The shortest programme a resize leaves. */
export const MIN_SECONDS = 300;
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** 00:00 Taipei of a YYYY-MM-DD date (Unix seconds), or null for a date that is not one. */
export function dayStart(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00+08:00`);
  if (Number.isNaN(ms)) return null;
  const seconds = ms / 1000;
  return dateOf(seconds) === date ? seconds : null;
}

/** The Taipei YYYY-MM-DD of a moment. */
export function dateOf(unixSeconds: number): string {
  return new Date((unixSeconds + TAIPEI) * 1000).toISOString().slice(0, 10);
}

/** Monday of the Taipei week holding a date (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const start = dayStart(date);
  if (start === null) throw new Error(`not a date: ${date}`);
  const weekday = new Date((start + TAIPEI) * 1000).getUTCDay();
  return dateOf(start - ((weekday + 6) % 7) * DAY);
}

/** The date `days` days after one (negative: before). */
export function addDays(date: string, days: number): string {
  const start = dayStart(date);
  if (start === null) throw new Error(`not a date: ${date}`);
  return dateOf(start + days * DAY + 3600); // +1 h: no day has a different length, but be safe
}

export interface WeekDay {
  date: string;
  /** e.g. 11/23（一） */
  label: string;
  start: number;
}

/** The seven days of the week holding `date`, Monday first. */
export function weekDays(date: string): WeekDay[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(monday, i);
    return {
      date: day,
      label: `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}（${WEEKDAYS[i]}）`,
      start: dayStart(day)!,
    };
  });
}

export interface Placed<P> {
  programme: P;
  /** Index of the day column. */
  day: number;
  /** Seconds from the day's 00:00 to the block's top, and the block's length in the day. */
  top: number;
  height: number;
  /** The programme goes on from the day before / into the next day. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * Each programme's block in each day column it touches: one crossing midnight is drawn as two
 * pieces (the evening and the small hours), each marked as continuing.
 */
export function placeBlocks<P extends { start: number; end: number }>(
  programmes: readonly P[],
  days: readonly WeekDay[],
): Placed<P>[] {
  const placed: Placed<P>[] = [];
  days.forEach((d, day) => {
    const end = d.start + DAY;
    for (const p of programmes) {
      if (p.end <= d.start || p.start >= end) continue;
      const top = Math.max(p.start, d.start) - d.start;
      placed.push({
        programme: p,
        day,
        top,
        height: Math.min(p.end, end) - d.start - top,
        continuesBefore: p.start < d.start,
        continuesAfter: p.end > end,
      });
    }
  });
  return placed;
}

/** Seconds rounded to the nearest snap mark. */
export function snap(seconds: number, step = SNAP_SECONDS): number {
  return Math.round(seconds / step) * step;
}

/** Pixels dragged in a column of `pxPerHour` to seconds. */
export function pixelsToSeconds(px: number, pxPerHour: number): number {
  return (px / pxPerHour) * 3600;
}

/**
 * Where a block lands after a pointer drag: `move` shifts start and end together by the vertical
 * distance (snapped) plus whole days for the columns crossed; `resize` moves only the end, never
 * closer than MIN_SECONDS to the start.
 */
export function dragResult(
  programme: { start: number; end: number },
  kind: 'move' | 'resize',
  deltaSeconds: number,
  dayDelta = 0,
): { start: number; end: number } {
  if (kind === 'resize') {
    const end = snap(programme.end + deltaSeconds);
    return { start: programme.start, end: Math.max(end, programme.start + MIN_SECONDS) };
  }
  const start = snap(programme.start + deltaSeconds) + dayDelta * DAY;
  return { start, end: start + (programme.end - programme.start) };
}

/** A time of day (HH:mm, Taipei) of a moment. */
export function clockOf(unixSeconds: number): string {
  return new Date((unixSeconds + TAIPEI) * 1000).toISOString().slice(11, 16);
}

/** What the grid lets the scheduler do with a programme at `now` (the server's rule, shown). */
export function editability(
  programme: { start: number; end: number },
  now: number,
): 'aired' | 'onAir' | 'future' {
  if (programme.end <= now) return 'aired';
  if (programme.start < now) return 'onAir';
  return 'future';
}
