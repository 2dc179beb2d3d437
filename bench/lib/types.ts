import type { FastifyInstance } from 'fastify';
import type { Config } from '../../apps/server/src/config.js';
import type { DatabaseHandle } from '../../apps/server/src/db/index.js';
import type { LoadOptions } from './load.js';

/** How each request looks: method, headers, body, or a per-request sequence. */
export type LoadShape = NonNullable<LoadOptions['shape']>;

/** What autocannon measured for one URL (latencies in ms, 2xx replies only). */
export interface LoadResult {
  url: string;
  connections: number;
  durationSec: number;
  requests: number;
  /** Mean over the per-second samples. */
  reqPerSec: number;
  bytesPerSec: number;
  latencyMs: { p50: number; p97_5: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Anything that makes the figures untrustworthy (non-2xx, errors, timeouts); empty when clean. */
  problems: string[];
  /** Paced runs: the load generator's own event-loop delay, p99 (it is inside every latency). */
  generatorLagP99Ms?: number;
  /** Paced runs: each round's p99 (the figures above are medians over the rounds). */
  roundP99sMs?: number[];
  /** Paced runs: the measured second with the most replies over 20 ms, when any were. */
  worstSecond?: { atSec: number; slow: number; maxMs: number };
  /**
   * Paced runs: CPU time per request of each watched process (server, database), in µs; unlike
   * latency it hardly moves when the machine stalls, so it compares two versions of the code.
   */
  cpuUsPerRequest?: Record<string, number>;
}

/** Subject and ceiling measured against the same server process in the same run. */
export interface Comparison {
  subject: LoadResult;
  ceiling: LoadResult;
  notes?: string[];
}

/** A timing taken in a browser over several runs (e.g. largest contentful paint), in ms. */
export interface TimingResult {
  url: string;
  /** What was timed, e.g. 'LCP'. */
  metric: string;
  samplesMs: number[];
  p50: number;
  p95: number;
  /** Anything that makes the figures untrustworthy (a run without a value); empty when clean. */
  problems: string[];
}

/** A figure a benchmark reports beside its timings (a size), with the limit if any. */
export interface Figure {
  label: string;
  value: number;
  unit: string;
  /** At most this. */
  max?: number;
  /** At least this (a score). */
  min?: number;
}

/**
 * Subject and ceiling timed in a browser against the same server in the same run. Lower is
 * better; the ratio is ceiling p50 ÷ subject p50, so 100% means as fast as the bare page.
 */
export interface TimingComparison {
  kind: 'timing';
  subject: TimingResult;
  ceiling: TimingResult;
  figures?: Figure[];
  notes?: string[];
}

/** The goal an issue set; a benchmark without one is reported only. */
export interface Target {
  /** Subject req/s divided by ceiling req/s, at least. */
  minRatio?: number;
  /** Subject p99 latency, at most. */
  maxP99Ms?: number;
  /** Subject req/s, at least (an absolute rate the issue asks for). */
  minThroughput?: number;
  /** Subject median timing (TimingComparison), at most. */
  maxP50Ms?: number;
  /**
   * The server's CPU time per subject request divided by its CPU time per ceiling request, at
   * most (paced runs, `cpuUsPerRequest.server` of both sides, measured in the same run).
   */
  maxCpuRatio?: number;
  /** Where the target comes from. */
  source?: string;
}

export interface BenchServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  dialect: string;
  /** The server process, to read its CPU time. */
  pid: number;
  /** Where the server writes its e-mail (sign-up confirmations; MAIL_OUTBOX_DIR). */
  mailOutboxDir: string;
}

export interface BenchContext {
  quick: boolean;
  /**
   * A fresh server child process with this benchmark's ceiling routes; stopped after run().
   * With `postgres`, over the PostgreSQL of BENCH_DATABASE_URL or TEST_DATABASE_URL in a schema
   * of its own (see `postgresUrl`).
   */
  startServer(options?: { postgres?: boolean }): Promise<BenchServer>;
  /** Where PostgreSQL runs for benchmarks that report it too; undefined when not configured. */
  postgresUrl: string | undefined;
  /** Runs autocannon against a URL (50 connections, 1 s warm-up, 10 s or 2 s quick). */
  load(url: string, shape?: LoadShape): Promise<LoadResult>;
  log(message: string): void;
}

/** Hooks that run inside the server child process, not in the runner. */
export interface ServerHooks {
  /** Registers ceiling routes through buildApp's `extend`. */
  extend(app: FastifyInstance, config: Config): void | Promise<void>;
  /** After app.ready(), before listening (e.g. capture a real reply to replay from memory). */
  ready?(app: FastifyInstance, database: DatabaseHandle): Promise<void>;
}

export interface Benchmark {
  name: string;
  description: string;
  target: Target;
  /** Show MB/s beside req/s in the table (for large bodies). */
  showThroughput?: boolean;
  server?: ServerHooks;
  run(ctx: BenchContext): Promise<Comparison | TimingComparison>;
}
