import type { ProgramSchedule } from '@site/contract';

/** Dates and times on the live page are Taipei's, whatever the viewer's clock says. */
export const TAIPEI = 'Asia/Taipei';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TAIPEI,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Taipei date ('YYYY-MM-DD') and time ('HH:mm') of an instant. */
export function taipeiParts(ms: number): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(ms)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

export interface Programme {
  startTime: string;
  programName: string;
}

export interface DateTab {
  /** 'YYYY-MM-DD' (Taipei). */
  date: string;
  /** What the tab says: date + weekday, e.g. '11/24 週二' (SPEC §2 part 3). */
  label: string;
  programmes: Programme[];
}

/** One tab per date of the schedule, earliest first (the server sends today first). */
export function dateTabs(schedule: ProgramSchedule): DateTab[] {
  return Object.keys(schedule)
    .filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))
    .sort()
    .map((date) => {
      const day = schedule[date]!;
      const [, month, dayOfMonth] = date.split('-');
      return {
        date,
        label: `${month}/${dayOfMonth} ${day.week}`,
        programmes: [...day.programList].sort((a, b) => a.startTime.localeCompare(b.startTime)),
      };
    });
}

export interface NowAndNext {
  now?: Programme;
  next?: Programme;
}

/**
 * The programme on air at `nowMs` and the one after it, from the schedule's Taipei dates and
 * start times: across midnight the programme that started yesterday evening is still 'now' until
 * today's first one starts, and tomorrow's first one is 'next' after today's last.
 */
export function nowAndNext(schedule: ProgramSchedule, nowMs: number): NowAndNext {
  const { date, time } = taipeiParts(nowMs);
  const all: { key: string; programme: Programme }[] = [];
  for (const tab of dateTabs(schedule)) {
    for (const programme of tab.programmes) {
      all.push({ key: `${tab.date} ${programme.startTime}`, programme });
    }
  }
  const here = `${date} ${time}`;
  let index = -1;
  for (let i = 0; i < all.length; i += 1) if (all[i]!.key <= here) index = i;
  return { now: all[index]?.programme, next: all[index + 1]?.programme };
}

/** Milliseconds until the earliest programme end of the strip (ISO times), capped; null: none. */
export function nextRefreshIn(endsAt: string[], nowMs: number, capMs = 10 * 60_000): number {
  let soonest = Infinity;
  for (const iso of endsAt) {
    const at = Date.parse(iso);
    if (Number.isFinite(at) && at > nowMs) soonest = Math.min(soonest, at - nowMs);
  }
  // A moment after the change, so the server's clock has certainly passed it.
  return Math.min(capMs, Number.isFinite(soonest) ? soonest + 1_000 : capMs);
}
