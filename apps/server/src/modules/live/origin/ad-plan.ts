import { LIVE_SEGMENT_SECONDS } from '@site/contract';
import { DEFAULT_AD_PLAN } from '@site/contract/console';

/**
 * Where an AVOD programme's ad breaks fall, in segments from its start (docs/adr/0047): an
 * opening break at 0 or not, one every `every` segments after it (null: none), each planned at
 * `length` segments.
 */
export interface AdBreaks {
  opening: boolean;
  every: number | null;
  length: number;
}

export interface AdPlanRow {
  effective_from: number | string;
  opening_break: number | string;
  interval_minutes: number | string | null;
  break_seconds: number | string;
}

const toBreaks = (opening: boolean, minutes: number | null, seconds: number): AdBreaks => ({
  opening,
  every: minutes === null ? null : (minutes * 60) / LIVE_SEGMENT_SECONDS,
  length: Math.max(1, Math.round(seconds / LIVE_SEGMENT_SECONDS)),
});

/** What the origin always did (a break opens every programme, then every 15 minutes, 30 s). */
export const DEFAULT_AD_BREAKS = toBreaks(
  DEFAULT_AD_PLAN.openingBreak,
  DEFAULT_AD_PLAN.intervalMinutes,
  DEFAULT_AD_PLAN.breakSeconds,
);

export function adBreaksOf(row: AdPlanRow): AdBreaks {
  return toBreaks(
    Number(row.opening_break) === 1,
    row.interval_minutes === null ? null : Number(row.interval_minutes),
    Number(row.break_seconds),
  );
}

/**
 * The breaks of a programme starting at `startAt` (Unix seconds): those of the last plan made
 * before it started (`plans` sorted by effective_from; a plan made at the very second a programme
 * starts is after it: that programme is already on air), the defaults before any. A programme keeps
 * the plan it started under, so a change never moves a break that has aired, and the answer is a
 * function of the stored rows alone: every instance places the same breaks.
 */
export function adBreaksFor(plans: readonly AdPlanRow[], startAt: number): AdBreaks {
  let found: AdPlanRow | undefined;
  for (const plan of plans) {
    if (Number(plan.effective_from) < startAt) found = plan;
    else break;
  }
  return found ? adBreaksOf(found) : DEFAULT_AD_BREAKS;
}

/** Whether a break starts `offset` segments into a programme with these breaks. */
export function breakStartsAt(ads: AdBreaks, offset: number): boolean {
  if (offset === 0) return ads.opening;
  return ads.every !== null && offset % ads.every === 0;
}
