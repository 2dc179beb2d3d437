/** The app's clock: Unix seconds. Taipei wall-clock time is taipei-time.ts. */
export const systemClock = (): number => Math.floor(Date.now() / 1000);
