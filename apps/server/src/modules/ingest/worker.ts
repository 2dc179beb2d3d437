import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  claimJob,
  completeJob,
  failAttempt,
  giveUp,
  releaseJob,
  renewLease,
  type JobRow,
} from './queue.js';
import { removeSource } from './jobs.js';
import type { IngestSettings } from './settings.js';
import { publish, removeOutput, transcode, type TranscodeOptions } from './transcode.js';
import { AD_JOB_KIND, publishAd, transcodeAd } from './ad-transcode.js';

export interface WorkerLog {
  info(message: string): void;
  error(message: string): void;
}

/** Why a running job's ffmpeg was stopped. */
type StopReason = 'shutdown' | 'lost';

interface Running {
  job: JobRow;
  controller: AbortController;
  reason: StopReason | null;
  done: Promise<void>;
}

/**
 * Takes jobs from the queue and runs them, `concurrency` at a time, inside the server (main.ts,
 * INGEST_WORKER_IN_SERVER) or on its own (worker-cli.ts). With two or more slots, long jobs may
 * hold all but one, so a short clip is never stuck behind films (ADR 0037). While a job runs its
 * lease is renewed about every second; a renewal that changes no row means the job was
 * cancelled (or, after a stall, taken by another worker), and ffmpeg is killed at once.
 */
export class IngestWorker {
  readonly workerId: string;
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: IngestSettings,
    private readonly log: WorkerLog = { info: () => undefined, error: () => undefined },
    workerId?: string,
  ) {
    this.workerId =
      workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  get activeJobs(): string[] {
    return [...this.running.keys()];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** A job was just queued here: look for work now rather than at the next poll. */
  wake(): void {
    if (!this.stopped && !this.ticking) this.schedule(0);
  }

  /**
   * Graceful stop (SIGTERM): claims nothing more, kills running ffmpeg, removes their work and
   * gives their jobs back to the queue, so another worker starts them again at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // A claim in flight finishes first (and gives its job straight back, see tick).
    await this.ticking;
    for (const r of this.running.values()) {
      r.reason = 'shutdown';
      r.controller.abort();
    }
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.ticking || this.stopped) return;
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        this.schedule(this.settings.pollMs);
      });
    }, ms);
  }

  /** Fills free slots, then looks again after INGEST_POLL_MS (or when a job ends). */
  private async tick(): Promise<void> {
    try {
      const { concurrency } = this.settings;
      const longSlots = concurrency >= 2 ? concurrency - 1 : 1;
      while (!this.stopped && this.running.size < concurrency) {
        const long = [...this.running.values()].filter((r) => r.job.lane === 'long').length;
        const lanes = long < longSlots ? ['short', 'long'] : ['short'];
        const job = await claimJob(this.db, this.workerId, lanes, this.settings.leaseMs);
        if (!job) break;
        if (this.stopped) {
          // stop() was called while this claim was on its way: give the job straight back.
          await releaseJob(this.db, job.job_id, this.workerId, job.log);
          break;
        }
        if (job.attempts > job.max_attempts) {
          await giveUp(this.db, job, this.workerId);
          continue;
        }
        this.begin(job);
      }
    } catch (error) {
      this.log.error(`ingest: claiming failed: ${String(error)}`);
    }
  }

  private begin(job: JobRow): void {
    const entry: Running = {
      job,
      controller: new AbortController(),
      reason: null,
      done: Promise.resolve(),
    };
    this.running.set(job.job_id, entry);
    entry.done = this.run(entry)
      .catch((error: unknown) => this.log.error(`ingest ${job.job_id}: ${String(error)}`))
      .finally(() => {
        this.running.delete(job.job_id);
        this.schedule(0);
      });
  }

  private async run(entry: Running): Promise<void> {
    const { job, controller } = entry;
    const { db, settings, workerId } = this;
    const options = JSON.parse(job.options) as TranscodeOptions;
    const workName = `${job.job_id}.${job.attempts}`;
    let progress = 0;
    let log = `${job.log}${job.log ? '\n' : ''}[attempt ${job.attempts}] ${workerId}\n`;
    this.log.info(`ingest ${job.job_id}: attempt ${job.attempts} started`);

    const heartbeatMs = Math.max(200, Math.min(1000, settings.leaseMs / 3));
    let renewing = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing.then(async () => {
        if (controller.signal.aborted) return;
        const held = await renewLease(
          db,
          job.job_id,
          workerId,
          settings.leaseMs,
          progress,
          log,
        ).catch(
          () => true, // a database hiccup: the lease has slack, try again next beat
        );
        if (!held && !controller.signal.aborted) {
          entry.reason = 'lost';
          controller.abort();
        }
      });
    }, heartbeatMs);

    const cleanUpIfCancelled = async () => {
      const row = await db
        .selectFrom('ingest_job')
        .select('state')
        .where('job_id', '=', job.job_id)
        .executeTakeFirst();
      const cancelled = row?.state === 'cancelled';
      await removeOutput(job.job_id, options.clipId, settings, { published: cancelled, workName });
      if (cancelled) this.log.info(`ingest ${job.job_id}: cancelled, output removed`);
    };

    try {
      const run = { signal: controller.signal, onProgress: (f: number) => (progress = f) };
      const stopped = async () => {
        clearInterval(heartbeat);
        await renewing;
        if (controller.signal.aborted) throw new Error('stopped');
      };
      let result: unknown;
      // An ad creative is one progressive MP4 (docs/adr/0050); everything else a clip's ladder.
      if (job.kind === AD_JOB_KIND) {
        const made = await transcodeAd(workName, job.source_path, options, settings, run);
        await stopped();
        await publishAd(made, settings.mediaDir);
        log += `done: ad ${made.ad.width}x${made.ad.height} ${made.ad.durationSeconds}s\n`;
        result = made.ad;
      } else {
        const made = await transcode(workName, job.source_path, options, settings, run);
        await stopped();
        await publish(made, settings);
        log += `done: ${made.result.renditions.map((r) => r.name).join(', ')}\n`;
        result = made.result;
      }
      if (await completeJob(db, job.job_id, workerId, result, log)) {
        // Earlier attempts' folders too (a worker that died mid-run left its own behind).
        await removeOutput(job.job_id, options.clipId, settings, { published: false });
        await removeSource(settings, job.source_path, options.subtitles);
        this.log.info(`ingest ${job.job_id}: done`);
      } else {
        await cleanUpIfCancelled();
      }
    } catch (error) {
      clearInterval(heartbeat);
      await renewing;
      if (entry.reason === 'shutdown') {
        await removeOutput(job.job_id, options.clipId, settings, { published: false, workName });
        await releaseJob(db, job.job_id, workerId, `${log}released at shutdown\n`);
        this.log.info(`ingest ${job.job_id}: released for another worker`);
      } else if (entry.reason === 'lost') {
        await cleanUpIfCancelled();
      } else {
        const message = error instanceof Error ? error.message : String(error);
        const tail = (error as { stderrTail?: string }).stderrTail ?? '';
        // This attempt held the job, so anything published under its clip id is its own
        // (a publish that failed half-way): removed too.
        await removeOutput(job.job_id, options.clipId, settings, { published: true, workName });
        const state = await failAttempt(
          db,
          job,
          workerId,
          message,
          `${log}failed: ${message}\n${tail}`,
          settings.retryMs,
        );
        this.log.error(
          `ingest ${job.job_id}: attempt ${job.attempts} failed (${state}): ${message}`,
        );
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
