/**
 * Start times kept as a histogram per hour (docs/adr/0055): fixed, log-spaced buckets, so an
 * hour's figures add up across instances, titles and devices by adding counts, and a percentile
 * comes from the counts without the raw values.
 *
 * Bounds grow by 2^(1/3) (≈ 26 %) from 62.5 ms to 64 s, with 2 s (the alert's line) one of them:
 * bucket k holds (bound[k-1], bound[k]], bucket 0 everything ≤ 62.5 ms, the last everything
 * over 64 s. A percentile read from the counts is within its bucket, so within 26 % of the true
 * value, and whether the median is over 2 s is decided exactly.
 */
export const START_LINE_BOUND_INDEX = 15;
export const START_BUCKET_BOUNDS_MS: readonly number[] = Array.from(
  { length: 31 },
  (_, k) => 2000 * 2 ** ((k - START_LINE_BOUND_INDEX) / 3),
);
export const START_BUCKETS = START_BUCKET_BOUNDS_MS.length + 1;
/** The overflow bucket's upper end for interpolation: the longest start a report may carry. */
const OVERFLOW_TOP_MS = 120_000;

/** The bucket a start time falls in. */
export function startBucketOf(ms: number): number {
  // 31 bounds: a linear scan is as fast as anything cleverer.
  for (let k = 0; k < START_BUCKET_BOUNDS_MS.length; k += 1) {
    if (ms <= START_BUCKET_BOUNDS_MS[k]!) return k;
  }
  return START_BUCKET_BOUNDS_MS.length;
}

/** The range a bucket covers: (low, high]. */
export function bucketRange(k: number): { low: number; high: number } {
  const low = k === 0 ? 0 : START_BUCKET_BOUNDS_MS[k - 1]!;
  const high = START_BUCKET_BOUNDS_MS[k] ?? OVERFLOW_TOP_MS;
  return { low, high };
}

/**
 * The q-quantile (0 < q < 1) of the values counted in `counts`, or null when there are none:
 * the bucket holding the ⌈q·n⌉-th smallest value, and within it an estimate spread evenly on
 * the log scale (linearly in the first bucket, which starts at 0).
 */
export function percentileOf(counts: readonly number[], q: number): number | null {
  const n = counts.reduce((sum, c) => sum + c, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(q * n));
  let below = 0;
  for (let k = 0; k < counts.length; k += 1) {
    const count = counts[k]!;
    if (count > 0 && below + count >= rank) {
      const { low, high } = bucketRange(k);
      const fraction = (rank - below) / count;
      const value = low === 0 ? high * fraction : low * (high / low) ** fraction;
      return Math.round(value);
    }
    below += count;
  }
  return null;
}

/** Whether the median of `counts` is over `line` ms, exactly, when `line` is a bucket bound. */
export function medianOver(counts: readonly number[], line: number): boolean {
  const n = counts.reduce((sum, c) => sum + c, 0);
  if (n === 0) return false;
  const rank = Math.ceil(n / 2);
  let atOrBelow = 0;
  for (let k = 0; k < counts.length; k += 1) {
    if (bucketRange(k).high > line) break;
    atOrBelow += counts[k]!;
  }
  return atOrBelow < rank;
}
