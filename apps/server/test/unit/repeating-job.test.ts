import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { repeatWhileRunning, type RepeatingJob } from '../../src/lib/repeating-job.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app with one job, every 5 ms and at start unless told otherwise. */
function appRepeating(job: Pick<RepeatingJob, 'run'> & Partial<RepeatingJob>) {
  const app = Fastify({ logger: false });
  repeatWhileRunning(app, { name: 'test job', everyMs: 5, atStart: true, ...job });
  return app;
}

/** The scheduling every instance's repeated work shares (retention, refund retries). */
describe('repeatWhileRunning', () => {
  it('runs at start when asked, never two runs at once, and again after a failure', async () => {
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    const app = appRepeating({
      async run() {
        runs += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(30);
        running -= 1;
        if (runs === 1) throw new Error('the first run fails');
      },
    });
    expect(runs).toBe(0);
    await app.ready();
    expect(runs).toBe(1);
    for (let i = 0; i < 100 && runs < 3; i += 1) await sleep(10);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(mostAtOnce).toBe(1);
  });

  it('waits only for its time when not asked to run at start', async () => {
    let runs = 0;
    const app = appRepeating({
      everyMs: 60_000,
      atStart: false,
      run: async () => void (runs += 1),
    });
    await app.ready();
    await sleep(20);
    await app.close();
    expect(runs).toBe(0);
  });

  it('closes only after a run in progress has ended, and runs no more', async () => {
    let ended = false;
    let runs = 0;
    const app = appRepeating({
      async run() {
        runs += 1;
        await sleep(100);
        ended = true;
      },
    });
    await app.ready();
    await app.close();
    expect(ended).toBe(true);
    const after = runs;
    await sleep(30);
    expect(runs).toBe(after);
  });
});
