import type { CatchupProgram } from '@site/contract';
import { TAIPEI, taipeiParts } from './schedule';

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
