import { MAX_CATCHUP_HOURS } from '@site/contract';

/**
 * The XMLTV category that marks a programme without catch-up rights (a sports event, say): a
 * plain `<category>` (any lang), so a guide stays valid against xmltv.dtd; the import reads it,
 * the export writes it (docs/adr/0043).
 */
export const BLACKOUT_CATEGORY = 'no-catchup';

/** A programme as catch-up sees it: its slot (Unix seconds) and its blackout flag. */
export interface ProgrammeSlot {
  start: number;
  end: number;
  blackout: boolean;
}

/** A channel as catch-up sees it. */
export interface CatchupChannel {
  /** Hours back its programmes may be played from their start; 0: none. */
  catchupHours: number;
  /** A linear channel's air window start (null: open, or an event channel). */
  airStart: number | null;
}

export type CatchupRefusal = 'NOT_STARTED' | 'NO_CATCHUP' | 'BLACKOUT' | 'EXPIRED' | 'NOT_AIRED';

/** Why a programme may not be played from its start, in zh-TW (the list's catchupDesc, the refusals). */
export const CATCHUP_REFUSALS: Record<CatchupRefusal, string> = {
  NOT_STARTED: '節目尚未播出，無法從頭觀看。',
  NO_CATCHUP: '本頻道不提供從頭看與回看。',
  BLACKOUT: '本節目不提供從頭看與回看。',
  EXPIRED: '本節目已超過回看期限。',
  NOT_AIRED: '本節目未在本頻道播出。',
};

/** The window in seconds (the contract's cap applies to whatever the row holds). */
export function windowSeconds(channel: CatchupChannel): number {
  const hours = Math.min(Math.max(0, Math.floor(channel.catchupHours)), MAX_CATCHUP_HOURS);
  return hours * 3600;
}

/**
 * Whether a programme may be played from its start at `now` (docs/adr/0043), the one rule the
 * origin, the list and the play call share:
 * 1. it has started (a programme on air is start over, one that ended is catch-up);
 * 2. the channel keeps a window (0 hours: none), and the programme started inside it: no
 *    earlier than `now - window`;
 * 3. it is not blacked out;
 * 4. a linear channel aired it (it started inside the channel's air window).
 * The viewer's right is the live right (live-right.ts), decided apart.
 */
export function catchupRefusal(
  channel: CatchupChannel,
  programme: ProgrammeSlot,
  now: number,
): CatchupRefusal | null {
  if (programme.start > now) return 'NOT_STARTED';
  const window = windowSeconds(channel);
  if (window === 0) return 'NO_CATCHUP';
  if (programme.blackout) return 'BLACKOUT';
  if (programme.start < now - window) return 'EXPIRED';
  if (channel.airStart !== null && programme.start < channel.airStart) return 'NOT_AIRED';
  return null;
}

/** Until when (Unix seconds) a programme stays inside the window: its start plus the window. */
export function playableUntil(channel: CatchupChannel, programme: ProgrammeSlot): number {
  return programme.start + windowSeconds(channel);
}

/** The programme starting exactly at `start` in a list sorted by start, or undefined. */
export function programmeStartingAt<T extends { start: number }>(
  programmes: readonly T[],
  start: number,
): T | undefined {
  let lo = 0;
  let hi = programmes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = programmes[mid]!.start;
    if (at === start) return programmes[mid];
    if (at < start) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
