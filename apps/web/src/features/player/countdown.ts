/** Seconds the next episode waits at the end of an episode before it starts. */
export const NEXT_EPISODE_COUNTDOWN_SECONDS = 10;

/**
 * Counts `seconds` down once a second, reporting each remaining count (the start is the
 * caller's), and calls `onDone` at zero. Returns the cancel function (the viewer's 取消, or
 * leaving the page).
 */
export function startCountdown(
  seconds: number,
  onTick: (left: number) => void,
  onDone: () => void,
): () => void {
  let left = seconds;
  const timer = setInterval(() => {
    left -= 1;
    onTick(left);
    if (left <= 0) {
      clearInterval(timer);
      onDone();
    }
  }, 1000);
  return () => clearInterval(timer);
}
