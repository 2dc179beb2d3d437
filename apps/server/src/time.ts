/** Taiwan keeps UTC+8 all year (no daylight saving since 1979), so the offset is a constant. */
export const TAIPEI_OFFSET_SECONDS = 8 * 3600;
export const DAY_SECONDS = 86_400;

/** Unix seconds of the Taipei midnight that starts the day containing `unixSeconds`. */
export function startOfTaipeiDay(unixSeconds: number): number {
  const local = unixSeconds + TAIPEI_OFFSET_SECONDS;
  return local - (((local % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS) - TAIPEI_OFFSET_SECONDS;
}

export const systemClock = (): number => Math.floor(Date.now() / 1000);
