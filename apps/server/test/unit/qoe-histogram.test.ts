import { describe, expect, it } from 'vitest';
import {
  START_BUCKETS,
  START_BUCKET_BOUNDS_MS,
  bucketRange,
  medianOver,
  percentileOf,
  startBucketOf,
} from '../../src/modules/qoe/histogram.js';

const histogramOf = (values: number[]) => {
  const counts = new Array<number>(START_BUCKETS).fill(0);
  for (const v of values) counts[startBucketOf(v)]! += 1;
  return counts;
};
const exact = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.max(1, Math.ceil(q * values.length)) - 1]!;

/** docs/adr/0055: start times as log-spaced histograms. */
describe('the start-time histogram', () => {
  it('has 2 s as a bound and buckets growing by 2^(1/3)', () => {
    expect(START_BUCKET_BOUNDS_MS).toContain(2000);
    expect(START_BUCKET_BOUNDS_MS[0]).toBeCloseTo(62.5, 9);
    expect(START_BUCKET_BOUNDS_MS.at(-1)).toBeCloseTo(64_000, 6);
    for (let k = 1; k < START_BUCKET_BOUNDS_MS.length; k += 1) {
      expect(START_BUCKET_BOUNDS_MS[k]! / START_BUCKET_BOUNDS_MS[k - 1]!).toBeCloseTo(
        2 ** (1 / 3),
        9,
      );
    }
  });

  it('puts a value in the bucket (low, high] that holds it', () => {
    for (const v of [0, 1, 62.5, 62.6, 999, 1000, 2000, 2000.1, 63_999, 64_000, 64_001, 120_000]) {
      const { low, high } = bucketRange(startBucketOf(v));
      if (v === 0) expect(startBucketOf(v)).toBe(0);
      else expect(v > low && v <= high).toBe(true);
    }
    expect(startBucketOf(2000)).toBe(15);
    expect(startBucketOf(2000.1)).toBe(16);
    expect(startBucketOf(100_000)).toBe(START_BUCKETS - 1);
  });

  it('reads percentiles within the bucket of the true value', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let round = 0; round < 50; round += 1) {
      const values = Array.from({ length: 1 + Math.floor(random() * 500) }, () =>
        Math.round(50 * Math.exp(random() * 6)),
      );
      const counts = histogramOf(values);
      for (const q of [0.5, 0.95]) {
        const truth = exact(values, q);
        const { low, high } = bucketRange(startBucketOf(truth));
        const estimate = percentileOf(counts, q)!;
        expect(estimate).toBeGreaterThanOrEqual(Math.floor(low));
        expect(estimate).toBeLessThanOrEqual(Math.ceil(high));
        // Within 26 % (one bucket's width) of the true value.
        expect(Math.abs(estimate - truth) / truth).toBeLessThanOrEqual(2 ** (1 / 3) - 1 + 0.01);
      }
    }
  });

  it('answers null for no values, and whether the median is over 2 s exactly', () => {
    expect(percentileOf(histogramOf([]), 0.5)).toBeNull();
    expect(medianOver(histogramOf([]), 2000)).toBe(false);
    expect(medianOver(histogramOf([1900, 2000, 2000.5]), 2000)).toBe(false);
    expect(medianOver(histogramOf([1900, 2001, 2100]), 2000)).toBe(true);
    expect(medianOver(histogramOf([100, 2001, 2100, 5000]), 2000)).toBe(true);
    expect(medianOver(histogramOf([100, 200, 2100, 5000]), 2000)).toBe(false);
    expect(medianOver(histogramOf([2000, 2000, 90_000]), 2000)).toBe(false);
  });
});
