import { createRequire } from 'node:module';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import { cpuPerRequest, medianOf, readCpu, ROUNDS, type CpuCounters } from './rounds.js';
import type { LoadResult } from './types.js';

// autocannon keeps every reply body as a string (`body += chunk`, for expectBody/verifyBody,
// which we do not use). For a 300 KB segment that cost the load generator a whole core and capped
// both sides at the same figure (measured: 97 → 603 req/s on the same server), so the media
// benchmark measured autocannon. Dropping the bodies leaves byte counts and timings as they are.
const require = createRequire(import.meta.url);
const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
queue.prototype.addBody = () => {};

export interface LoadOptions {
  quick: boolean;
  connections?: number;
  /** Measured seconds (default FULL_SECONDS, or QUICK_SECONDS when quick). */
  durationSec?: number;
  /** Unmeasured seconds first (default WARMUP_SECONDS). */
  warmupSec?: number;
  /** Method, headers and body, or a request sequence that varies per request (e.g. per viewer). */
  shape?: Pick<AutocannonOptions, 'method' | 'headers' | 'body' | 'requests' | 'connections'> & {
    /** Requests per second over all connections (autocannon's option; its types lack it). */
    overallRate?: number;
  };
}

export const CONNECTIONS = 50;
export const FULL_SECONDS = 10;
export const QUICK_SECONDS = 2;
/** Lets the JIT, SQLite's page cache and keep-alive sockets settle before counting. */
export const WARMUP_SECONDS = 1;

export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const connections = options.shape?.connections ?? options.connections ?? CONNECTIONS;
  const durationSec = options.durationSec ?? (options.quick ? QUICK_SECONDS : FULL_SECONDS);
  const warmupSec = options.warmupSec ?? WARMUP_SECONDS;
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    ...(warmupSec > 0 ? { warmup: { connections, duration: warmupSec } } : {}),
    ...options.shape,
  });

  // autocannon counts these but still reports a req/s for them: a fast 404 or 500 would look
  // like a good figure, so they are carried along and shown next to the numbers.
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count}×${code}`);
    problems.push(`${result.non2xx} non-2xx (${codes.join(', ')})`);
  }
  // autocannon counts a timeout as an error too.
  if (result.errors > 0) {
    const timeouts = result.timeouts > 0 ? ` (${result.timeouts} timeouts)` : '';
    problems.push(`${result.errors} errors${timeouts}`);
  }
  if (result['2xx'] === 0) problems.push('no 2xx replies');

  return {
    url,
    connections,
    durationSec,
    requests: result.requests.total,
    reqPerSec: result.requests.mean,
    bytesPerSec: result.throughput.mean,
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    problems,
  };
}

const PAIR_WARMUP_SECONDS = 3;

/**
 * Closed-loop load on a subject and its ceiling in alternating rounds (rounds.ts ROUNDS), each
 * side's figures the medians over its rounds, with each round's p99 and, for every CPU counter,
 * the median CPU per request. Both sides warm up once, unmeasured, before the first round, for
 * longer than runLoad's second: autocannon's own JIT is cold at first, and a client slower for
 * both sides alike pulls their ratio toward 1 (2-s runs of one URL: 5,362 req/s first, 6,450 after).
 */
export async function runLoadPair(
  subjectUrl: string,
  ceilingUrl: string,
  options: { quick: boolean; cpu?: CpuCounters },
): Promise<{ subject: LoadResult; ceiling: LoadResult; roundRatios: number[] }> {
  const rounds = options.quick ? ROUNDS.quick : ROUNDS.full;
  const durationSec = (options.quick ? QUICK_SECONDS : FULL_SECONDS) / rounds;
  for (const url of [subjectUrl, ceilingUrl]) {
    await runLoad(url, { quick: options.quick, durationSec: PAIR_WARMUP_SECONDS, warmupSec: 0 });
  }
  const round = async (url: string): Promise<LoadResult> => {
    const before = readCpu(options.cpu);
    const result = await runLoad(url, { quick: options.quick, durationSec, warmupSec: 0 });
    const cpuUsPerRequest = cpuPerRequest(before, readCpu(options.cpu), result.requests);
    return {
      ...result,
      roundP99sMs: [result.latencyMs.p99],
      ...(cpuUsPerRequest ? { cpuUsPerRequest } : {}),
    };
  };
  const subject: LoadResult[] = [];
  const ceiling: LoadResult[] = [];
  for (let i = 0; i < rounds; i += 1) {
    subject.push(await round(subjectUrl));
    ceiling.push(await round(ceilingUrl));
  }
  return {
    subject: medianOf(subject),
    ceiling: medianOf(ceiling),
    roundRatios: subject.map((s, i) => s.reqPerSec / Math.max(1, ceiling[i]!.reqPerSec)),
  };
}
