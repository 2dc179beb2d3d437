import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FULL_SECONDS, QUICK_SECONDS, WARMUP_SECONDS } from './load.js';
import type { LoadResult } from './types.js';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedOptions {
  quick: boolean;
  /** Requests started per second, evenly spaced. */
  rate: number;
  /** The n-th request (n counts from 0, warm-up included). */
  request: (n: number) => PacedRequest;
  /** Keep-alive sockets at most (many viewers: 512); requests beyond wait for one, counted. */
  sockets?: number;
}

/**
 * Open-loop load: requests start on a fixed schedule whatever the server does, and each latency
 * is measured from the moment the request was due, so a slow reply delays nothing and hides
 * nothing (no coordinated omission). autocannon's overallRate instead releases each second's
 * requests in one burst and back-fills latencies, which measures the burst, not the rate.
 */
export async function runPaced(origin: string, options: PacedOptions): Promise<LoadResult> {
  const durationSec = options.quick ? QUICK_SECONDS : FULL_SECONDS;
  const sockets = options.sockets ?? 512;
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(origin);
  const interval = 1000 / options.rate;
  const warmup = Math.round(WARMUP_SECONDS * options.rate);
  const total = warmup + Math.round(durationSec * options.rate);

  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();

  const send = (n: number, due: number) => {
    const spec = options.request(n);
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: spec.method,
          path: spec.path,
          headers: spec.headers,
          agent,
        },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => (size += chunk.length));
          res.on('end', () => {
            if (n >= warmup) {
              const status = res.statusCode ?? 0;
              if (status >= 200 && status < 300) latencies.push(performance.now() - due);
              else {
                non2xx += 1;
                statuses.set(status, (statuses.get(status) ?? 0) + 1);
              }
              bytes += size;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (n >= warmup) errors += 1;
        resolve();
      });
      if (spec.body !== undefined) req.end(spec.body);
      else req.end();
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const start = performance.now();
  let next = 0;
  await new Promise<void>((finish) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        send(next, start + next * interval);
        next += 1;
      }
      if (next >= total) return finish();
      setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    tick();
  });
  const measuredFrom = start + warmup * interval;
  await Promise.all(inFlight);
  const elapsedSec = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  lag.disable();

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length === 0
      ? 0
      : Math.round(
          latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10,
        ) / 10;
  const problems: string[] = [];
  if (non2xx > 0) {
    const codes = [...statuses].map(([code, count]) => `${count}×${code}`).join(', ');
    problems.push(`${non2xx} non-2xx (${codes})`);
  }
  if (errors > 0) problems.push(`${errors} errors`);
  if (latencies.length === 0) problems.push('no 2xx replies');
  const measured = total - warmup;
  return {
    url: origin + options.request(warmup).path,
    connections: sockets,
    durationSec,
    requests: measured,
    // Completed within the measured window; below the offered rate when the server fell behind.
    reqPerSec: latencies.length / Math.max(elapsedSec, durationSec),
    bytesPerSec: bytes / Math.max(elapsedSec, durationSec),
    latencyMs: { p50: at(0.5), p97_5: at(0.975), p99: at(0.99), max: at(1) },
    non2xx,
    errors,
    timeouts: 0,
    problems,
    // Beyond the 5 ms sampling step: how late this process itself was to send (part of each latency).
    generatorLagP99Ms: Math.max(0, Math.round((lag.percentile(99) / 1e6 - 5) * 10) / 10),
  };
}

/** ", generator late by N ms (p99)" for a paced result, for the notes. */
export function lagNote(result: LoadResult): string {
  return result.generatorLagP99Ms === undefined
    ? ''
    : `, generator late ≤ ${result.generatorLagP99Ms} ms at p99`;
}
