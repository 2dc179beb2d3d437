/**
 * Each load gets one quick retry inside hls.js; past that the failure is the player's, which
 * re-sources after 100 ms, up to 10 times (SPEC §4). hls.js's own defaults (up to 6 retries
 * backing off to 8 s each) would hold a dead stream for minutes before the spec's retries began.
 */
function quickRetry(maxTimeToFirstByteMs: number, maxLoadTimeMs: number) {
  return {
    default: {
      maxTimeToFirstByteMs,
      maxLoadTimeMs,
      timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 1, retryDelayMs: 250, maxRetryDelayMs: 500 },
    },
  };
}

/**
 * The fastest start measured for our short 2 s CMAF segments (notes/MEDIA.md): no bandwidth
 * probe, the lowest rendition first, the first fragment fetched with the playlist, no worker.
 */
export const hlsConfig = {
  testBandwidth: false,
  startLevel: 0,
  startFragPrefetch: true,
  enableWorker: false,
  capLevelToPlayerSize: true,
  manifestLoadPolicy: quickRetry(10_000, 20_000),
  playlistLoadPolicy: quickRetry(10_000, 20_000),
  fragLoadPolicy: quickRetry(10_000, 60_000),
  keyLoadPolicy: quickRetry(8_000, 20_000),
};
