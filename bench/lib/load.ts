import { createRequire } from 'node:module';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
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
  const durationSec = options.quick ? QUICK_SECONDS : FULL_SECONDS;
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    warmup: { connections, duration: WARMUP_SECONDS },
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
