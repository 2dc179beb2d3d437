import type { LoadResult } from './types.js';

/**
 * These 2-core machines stall now and then for 200–500 ms (seen in ceiling runs that write
 * nothing, at random seconds, once or twice a minute), so one stall decides a single run's p99,
 * and their speed drifts over half a minute (edge-segment, one side's 10 s after the other's:
 * 65–87 % on the same code). Each side is measured in rounds, subject and ceiling alternating,
 * and the figures reported are the medians over the rounds; every round's p99 stays in the notes.
 */
export const ROUNDS = { full: 5, quick: 2 };

/** Named readings of CPU time used so far, in ms (e.g. the server's and the database's). */
export type CpuCounters = Record<string, () => number | undefined>;

export function readCpu(cpu: CpuCounters | undefined): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(cpu ?? {}).map(([name, read]) => [name, read()]));
}

/** µs of CPU per request sent, for each counter with both readings. */
export function cpuPerRequest(
  before: Record<string, number | undefined>,
  after: Record<string, number | undefined>,
  requests: number,
): Record<string, number> | undefined {
  const usPerRequest: Record<string, number> = {};
  for (const [name, start] of Object.entries(before)) {
    const end = after[name];
    if (start === undefined || end === undefined) continue;
    usPerRequest[name] = Math.round(((end - start) * 1000) / Math.max(1, requests));
  }
  return Object.keys(usPerRequest).length > 0 ? usPerRequest : undefined;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** One result from several rounds: median rate and percentiles, the worst max, every problem. */
export function medianOf(rounds: LoadResult[]): LoadResult {
  const first = rounds[0]!;
  const pick = (key: keyof LoadResult['latencyMs']) => median(rounds.map((r) => r.latencyMs[key]));
  const worst = rounds
    .map((r) => r.worstSecond)
    .reduce((a, b) => (!a || (b && b.slow > a.slow) ? b : a), undefined);
  const lags = rounds.flatMap((r) => r.generatorLagP99Ms ?? []);
  return {
    ...first,
    durationSec: rounds.reduce((sum, r) => sum + r.durationSec, 0),
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    reqPerSec: median(rounds.map((r) => r.reqPerSec)),
    bytesPerSec: median(rounds.map((r) => r.bytesPerSec)),
    latencyMs: {
      p50: pick('p50'),
      p97_5: pick('p97_5'),
      p99: pick('p99'),
      max: Math.max(...rounds.map((r) => r.latencyMs.max)),
    },
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    timeouts: rounds.reduce((sum, r) => sum + r.timeouts, 0),
    problems: rounds.flatMap((r) => r.problems),
    ...(lags.length > 0 ? { generatorLagP99Ms: Math.max(...lags) } : {}),
    roundP99sMs: rounds.flatMap((r) => r.roundP99sMs ?? []),
    ...(worst ? { worstSecond: worst } : {}),
    ...medianCpuOf(rounds),
  };
}

function medianCpuOf(rounds: LoadResult[]): Pick<LoadResult, 'cpuUsPerRequest'> {
  const names = Object.keys(rounds[0]!.cpuUsPerRequest ?? {});
  if (names.length === 0) return {};
  const cpuUsPerRequest: Record<string, number> = {};
  for (const name of names) {
    cpuUsPerRequest[name] = median(rounds.flatMap((r) => r.cpuUsPerRequest?.[name] ?? []));
  }
  return { cpuUsPerRequest };
}
