import type { CatchupProgram } from '@site/contract';
import { TAIPEI, taipeiParts, type Programme } from './schedule';

/**
 * Start over (從頭看) and catch-up (回看) on the live page (issue 24): the pure rules. A programme
 * is named by its channel and its start (Unix seconds, a decimal string), as the contract's
 * getProgramPlay takes it and as the share link carries it.
 */

/** The one spelling of a programme start the contract accepts (programStartSchema). */
const PROGRAM_START = /^(0|[1-9][0-9]{0,10})$/;

/** The `program` parameter of a live page's address, or null when absent or misspelt. */
export function programParam(value: string | null | undefined): string | null {
  return value && PROGRAM_START.test(value) ? value : null;
}

/** `/LiveChannel/{channelId}?program={programStart}` on `origin`: opens the page playing it. */
export function programmeShareLink(
  origin: string,
  channelId: string,
  programStart: string,
): string {
  if (!channelId || !programParam(programStart)) return '';
  return `${origin}/LiveChannel/${encodeURIComponent(channelId)}?program=${programStart}`;
}

/** The site path of the same link (the history page's links). */
export function programmePath(channelId: string, programStart: string): string {
  return programmeShareLink('', channelId, programStart);
}

const weekday = new Intl.DateTimeFormat('zh-TW', { timeZone: TAIPEI, weekday: 'short' });

export interface CatchupDay {
  /** 'YYYY-MM-DD', Taipei. */
  date: string;
  /** 'MM/DD 週X', as the programme list's date tabs. */
  label: string;
  /** Oldest first. */
  programmes: CatchupProgram[];
}

const startMs = (programme: { programStart: string }) => Number(programme.programStart) * 1000;

/** The window's programmes by Taipei day, oldest day and oldest programme first. */
export function catchupDays(list: readonly CatchupProgram[]): CatchupDay[] {
  const days = new Map<string, CatchupProgram[]>();
  const sorted = [...list]
    .filter((programme) => Number.isFinite(startMs(programme)))
    .sort((a, b) => startMs(a) - startMs(b));
  for (const programme of sorted) {
    const { date } = taipeiParts(startMs(programme));
    const day = days.get(date);
    if (day) day.push(programme);
    else days.set(date, [programme]);
  }
  return [...days].map(([date, programmes]) => {
    const [, month, dayOfMonth] = date.split('-');
    const week = weekday.format(startMs(programmes[0]!));
    return { date, label: `${month}/${dayOfMonth} ${week}`, programmes };
  });
}

/** 'HH:mm' in Taipei of a programme's start or end (Unix seconds). */
export function programmeClock(unixSeconds: string): string {
  return taipeiParts(Number(unixSeconds) * 1000).time;
}

const secondsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TAIPEI,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'HH:mm:ss' in Taipei of a wall-clock instant (the player's PROGRAM-DATE-TIME). */
export function wallClockText(ms: number): string {
  return Number.isFinite(ms) ? secondsFormat.format(ms) : '';
}

/** The programme on air, if the list has it. */
export function onAirProgramme(list: readonly CatchupProgram[]): CatchupProgram | undefined {
  return list.find((programme) => programme.onAir === 'Y');
}

/**
 * What follows a catch-up programme at its end: the programme after it in the window when it
 * may be played from its start (the one on air included: its start over), otherwise nothing
 * (the player then returns to live).
 */
export function followingProgramme(
  list: readonly CatchupProgram[],
  programStart: string,
): CatchupProgram | undefined {
  const sorted = [...list].sort((a, b) => startMs(a) - startMs(b));
  const index = sorted.findIndex((programme) => programme.programStart === programStart);
  if (index < 0) return undefined;
  const next = sorted[index + 1];
  return next?.catchup === 'Y' ? next : undefined;
}

/**
 * When to ask for the window again: a moment after the programme on air ends (a new one is on
 * air, the old one becomes catch-up), at most `capMs` from now.
 */
export function catchupRefreshIn(
  list: readonly CatchupProgram[] | undefined,
  nowMs: number,
  capMs = 10 * 60_000,
): number {
  const onAir = list ? onAirProgramme(list) : undefined;
  const end = onAir ? Number(onAir.programEnd) * 1000 : NaN;
  if (!Number.isFinite(end) || end <= nowMs) return capMs;
  return Math.min(capMs, end - nowMs + 1_000);
}

/** A row of the programme list: the schedule's, with its catch-up entry when the window has it. */
export interface ProgrammeRow {
  startTime: string;
  programName: string;
  catchup?: CatchupProgram;
}

export interface ProgrammeDay {
  date: string;
  label: string;
  rows: ProgrammeRow[];
  /** A date of the channel's schedule (the programme list's own tabs). */
  scheduled: boolean;
}

/**
 * The programme list's days (ProgrammeOverlay): the schedule's date tabs and the catch-up
 * window's days together, oldest first; a scheduled programme and the window's programme that
 * starts at the same Taipei date and minute are one row (the window's name wins: it is what
 * aired), the window's programmes the schedule no longer lists are rows of their own.
 */
export function programmeDays(
  tabs: readonly { date: string; label: string; programmes: readonly Programme[] }[],
  list: readonly CatchupProgram[],
): ProgrammeDay[] {
  const days = new Map<string, ProgrammeDay>();
  for (const tab of tabs) {
    days.set(tab.date, {
      date: tab.date,
      label: tab.label,
      scheduled: true,
      rows: tab.programmes.map((p) => ({ startTime: p.startTime, programName: p.programName })),
    });
  }
  for (const day of catchupDays(list)) {
    let target = days.get(day.date);
    if (!target) {
      target = { date: day.date, label: day.label, scheduled: false, rows: [] };
      days.set(day.date, target);
    }
    for (const programme of day.programmes) {
      const startTime = programmeClock(programme.programStart);
      const row = target.rows.find((r) => r.startTime === startTime && !r.catchup);
      if (row) {
        row.catchup = programme;
        row.programName = programme.programName || row.programName;
      } else {
        target.rows.push({ startTime, programName: programme.programName, catchup: programme });
      }
    }
    target.rows.sort((a, b) => a.startTime.localeCompare(b.startTime));
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The tab the list opens on: the schedule's first date (SPEC §2 part 3: the first tab, today),
 * so the catch-up window's past days sit before it; the newest day when there is no schedule.
 */
export function openingDay(days: readonly ProgrammeDay[]): number {
  const first = days.findIndex((day) => day.scheduled);
  return first >= 0 ? first : Math.max(0, days.length - 1);
}

/** A resume point this close to a programme's end starts it over instead (it was watched). */
export const RESUME_END_MARGIN_SECONDS = 10;

/**
 * Where a programme starts playing: the member's resume point when there is one, from its start
 * otherwise, and from its start again when the point is at its end (a programme watched to the
 * end is watched again, not ended at once, which would move on to the next one).
 */
export function programmeStartAt(
  resumeSeconds: number,
  program: { programStart: string; programEnd: string },
): number {
  if (!(resumeSeconds > 0)) return 0;
  const length = Number(program.programEnd) - Number(program.programStart);
  if (Number.isFinite(length) && resumeSeconds >= length - RESUME_END_MARGIN_SECONDS) return 0;
  return resumeSeconds;
}

/** Live views that play the channel elsewhere than this page's player (app, pop-up, page). */
const ELSEWHERE: readonly string[] = ['mobile', 'youtube', 'twitch', 'simplePlay'];

/**
 * What the live page does about programmes (LiveChannelArea): `offers` 從頭看 and 回看 where its
 * player plays the channel (view 'play'); `plays` the programme the address names once the
 * channel is asked for, unless the channel plays elsewhere on this device (the app, a pop-up,
 * the simple player); a refusal of the channel (a message, the subscription) is the programme's
 * refusal to give.
 */
export function programmeMode(
  programStart: string | null,
  channelId: string,
  phase: string,
  viewKind: string | undefined,
): { offers: boolean; plays: boolean } {
  return {
    offers: viewKind === 'play',
    plays:
      programStart !== null &&
      channelId !== '' &&
      phase !== 'idle' &&
      !(viewKind !== undefined && ELSEWHERE.includes(viewKind)),
  };
}
