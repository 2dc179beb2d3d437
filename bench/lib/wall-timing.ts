import type { TimingResult } from './types.js';

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/**
 * Wall-time samples of one call as a timing figure, to 0.1 ms. Its "p95" is the 99th percentile:
 * the stricter of the two, as the benchmarks that share this have reported it from the start.
 */
export const wallTiming = (url: string, samples: number[], problems: string[]): TimingResult => ({
  url,
  metric: 'wall time',
  samplesMs: samples.map((s) => Math.round(s * 10) / 10),
  p50: Math.round(percentile(samples, 0.5) * 10) / 10,
  p95: Math.round(percentile(samples, 0.99) * 10) / 10,
  problems,
});
