import type { DrawActivity } from '@site/contract';

type Item = DrawActivity['drawActivityList'][number];

/**
 * Which envelope shows `elapsed` seconds after the switch-channel reply arrived (SPEC §4): an
 * activity appears at its start countdown and hides at its end countdown; activities already
 * drawn (by the server's isDraw or here) or past are skipped. The first open one wins.
 */
export function openActivity(
  items: readonly Item[],
  elapsed: number,
  drawnHere: ReadonlySet<string>,
): Item | undefined {
  return items.find(
    (a) =>
      a.isDraw !== 'Y' &&
      !drawnHere.has(a.activityId) &&
      a.startCountdownSecond <= elapsed &&
      elapsed < a.endCountdownSecond,
  );
}

/** Seconds after the reply when the shown envelope next changes; undefined when it never will. */
export function nextChange(items: readonly Item[], elapsed: number): number | undefined {
  let next: number | undefined;
  for (const a of items) {
    if (a.isDraw === 'Y') continue;
    for (const edge of [a.startCountdownSecond, a.endCountdownSecond]) {
      if (edge > elapsed && (next === undefined || edge < next)) next = edge;
    }
  }
  return next;
}

/** SPEC §9: the icon animates every 2000 ms, in frames 200 ms apart. */
export const ANIMATION_EVERY_MS = 2000;
export const FRAME_MS = 200;
/** Frames of one wiggle (the rest of the 2 s the icon rests on frame 0). */
export const WIGGLE_FRAMES = 5;

/** The frame at tick n (one tick every FRAME_MS): 1…WIGGLE_FRAMES, then 0 until the next 2 s. */
export function frameAt(tick: number): number {
  const step = tick % (ANIMATION_EVERY_MS / FRAME_MS);
  return step < WIGGLE_FRAMES ? step + 1 : 0;
}
