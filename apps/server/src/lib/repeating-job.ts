import type { FastifyInstance } from 'fastify';

export interface RepeatingJob {
  /** What the log calls it (`qoe retention`, `card refund retries`). */
  name: string;
  everyMs: number;
  /** Run once as soon as the instance is ready, beside the start (not before it). */
  atStart: boolean;
  /** One run; a failure is logged (a warning: the next run tries again). */
  run(): Promise<void>;
}

/**
 * Work each instance repeats while it runs (old rows removed, refunds sent again). Runs never
 * overlap: a run due while the last is still going is skipped. Closing the app stops the timer
 * and waits for a run in progress, so the database is not closed under one of its statements.
 * Every instance runs its own: the jobs are written so that two doing the same work at once is
 * harmless.
 */
export function repeatWhileRunning(app: FastifyInstance, job: RepeatingJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const runOnce = () => {
    if (running) return;
    running = job
      .run()
      .catch((error: unknown) =>
        app.log.warn({ err: error }, `${job.name} failed; tried again at its next time`),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (job.atStart) runOnce();
    timer = setInterval(runOnce, job.everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
