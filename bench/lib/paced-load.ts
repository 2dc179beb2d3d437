import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FULL_SECONDS, QUICK_SECONDS } from './load.js';
import { cpuPerRequest, medianOf, readCpu, ROUNDS, type CpuCounters } from './rounds.js';
import type { LoadResult } from './types.js';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedOptions {
  /** Requests started per second, evenly spaced. */
  rate: number;
  /** The n-th request (n counts from 0, warm-up included). */
  request: (n: number) => PacedRequest;
  /** Keep-alive sockets at most (many viewers: 512); requests beyond wait for one, counted. */
  sockets?: number;
  durationSec: number;
  /** Unmeasured ramp from zero to the rate before the measured part; 0 starts at full rate. */
  rampSec: number;
  cpu?: CpuCounters;
}

/**
 * A cold server started at the full rate fell behind while its code was still being compiled and
 * spent the first measured second working off that backlog, which a server up for hours never
 * sees: so the first round of each side ramps up to the rate first.
 */
const RAMP_SECONDS = 3;
const SLOW_MS = 20;

export interface PacedPairOptions {
  quick: boolean;
  rate: number;
  subject: (n: number) => PacedRequest;
  ceiling: (n: number) => PacedRequest;
  sockets?: number;
  cpu?: CpuCounters;
}

/** Subject and ceiling at the same rate in alternating rounds (see ROUNDS). */
export async function runPacedPair(
  origin: string,
  options: PacedPairOptions,
): Promise<{ subject: LoadResult; ceiling: LoadResult }> {
  const rounds = options.quick ? ROUNDS.quick : ROUNDS.full;
  const durationSec = (options.quick ? QUICK_SECONDS : FULL_SECONDS) / rounds;
  const subject: LoadResult[] = [];
  const ceiling: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const rampSec = round === 0 ? RAMP_SECONDS : 0;
    const common = {
      rate: options.rate,
      sockets: options.sockets,
      durationSec,
      rampSec,
      cpu: options.cpu,
    };
    subject.push(await runPaced(origin, { ...common, request: options.subject }));
    ceiling.push(await runPaced(origin, { ...common, request: options.ceiling }));
  }
  return { subject: medianOf(subject), ceiling: medianOf(ceiling) };
}

/**
 * Open-loop load: requests start on a fixed schedule whatever the server does, and each latency
 * is measured from the moment the request was due, so a slow reply delays nothing and hides
 * nothing (no coordinated omission). autocannon's overallRate instead releases each second's
 * requests in one burst and back-fills latencies, which measures the burst, not the rate.
 */
async function runPaced(origin: string, options: PacedOptions): Promise<LoadResult> {
  const { durationSec, rampSec, rate } = options;
  const sockets = options.sockets ?? 512;
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(origin);
  const interval = 1000 / rate;
  // A linear ramp from 0 to the rate sends rate × ramp ÷ 2 requests, the n-th at √(2·ramp·n ÷ rate).
  const warmup = Math.round((rampSec * rate) / 2);
  const total = warmup + Math.round(durationSec * rate);
  const dueAt = (n: number) =>
    n < warmup
      ? Math.sqrt((2 * rampSec * n) / rate) * 1000
      : rampSec * 1000 + (n - warmup) * interval;

  const latencies: number[] = [];
  const slowBySecond = new Map<number, { slow: number; maxMs: number }>();
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  const measuredFrom = start + rampSec * 1000;

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
              if (status >= 200 && status < 300) {
                const latency = performance.now() - due;
                latencies.push(latency);
                if (latency > SLOW_MS) noteSlow(slowBySecond, (due - measuredFrom) / 1000, latency);
              } else {
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

  const cpuBefore = readCpu(options.cpu);
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  let next = 0;
  await new Promise<void>((finish) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + dueAt(next) <= now) {
        send(next, start + dueAt(next));
        next += 1;
      }
      if (next >= total) return finish();
      setTimeout(tick, Math.max(0, start + dueAt(next) - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedSec = (performance.now() - measuredFrom) / 1000;
  const cpuUsPerRequest = cpuPerRequest(cpuBefore, readCpu(options.cpu), total);
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
  const p99 = at(0.99);
  return {
    url: origin + options.request(warmup).path,
    connections: sockets,
    durationSec,
    requests: total - warmup,
    // Completed within the measured window; below the offered rate when the server fell behind.
    reqPerSec: latencies.length / Math.max(elapsedSec, durationSec),
    bytesPerSec: bytes / Math.max(elapsedSec, durationSec),
    latencyMs: { p50: at(0.5), p97_5: at(0.975), p99, max: at(1) },
    non2xx,
    errors,
    timeouts: 0,
    problems,
    // Beyond the 5 ms sampling step: how late this process itself was to send (part of each latency).
    generatorLagP99Ms: Math.max(0, Math.round((lag.percentile(99) / 1e6 - 5) * 10) / 10),
    roundP99sMs: [p99],
    ...worstSecondOf(slowBySecond),
    ...(cpuUsPerRequest ? { cpuUsPerRequest } : {}),
  };
}

function noteSlow(
  bySecond: Map<number, { slow: number; maxMs: number }>,
  atSec: number,
  latency: number,
): void {
  const second = Math.floor(atSec);
  const seen = bySecond.get(second) ?? { slow: 0, maxMs: 0 };
  seen.slow += 1;
  seen.maxMs = Math.max(seen.maxMs, latency);
  bySecond.set(second, seen);
}

function worstSecondOf(
  bySecond: Map<number, { slow: number; maxMs: number }>,
): Pick<LoadResult, 'worstSecond'> {
  let worst: LoadResult['worstSecond'];
  for (const [atSec, { slow, maxMs }] of bySecond) {
    if (!worst || slow > worst.slow) worst = { atSec, slow, maxMs: Math.round(maxMs) };
  }
  return worst ? { worstSecond: worst } : {};
}

/** ", generator late ≤ N ms at p99; p99 by round …; worst second …" for a paced result's notes. */
export function lagNote(result: LoadResult): string {
  let note =
    result.generatorLagP99Ms === undefined
      ? ''
      : `, generator late ≤ ${result.generatorLagP99Ms} ms at p99`;
  const rounds = result.roundP99sMs;
  if (rounds && rounds.length > 1) note += `; p99 by round ${rounds.join(' / ')} ms`;
  const worst = result.worstSecond;
  if (worst) {
    note += `; worst second: ${worst.slow} replies over ${SLOW_MS} ms, longest ${worst.maxMs} ms`;
  }
  const cpu = Object.entries(result.cpuUsPerRequest ?? {});
  if (cpu.length > 0) {
    note += `; CPU per request: ${cpu.map(([name, us]) => `${name} ${us} µs`).join(', ')}`;
  }
  return note;
}
