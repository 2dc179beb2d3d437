import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** How often the worker folds the write-ahead log back into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;

// Plain CommonJS: a worker started from source text runs without tsx.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch {} };
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint('TRUNCATE');
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Checkpoints once more, closes the worker's connection and ends the worker. */
  stop(): Promise<void>;
}

/**
 * better-sqlite3 runs on the event loop, and SQLite's automatic checkpoint (copying the log into
 * the database file and flushing it) runs inside whichever commit crosses its threshold, so every
 * request in the process waited for it: heartbeats at an even 3,100 a second had a p99 of 430 ms.
 * The app's connection therefore never checkpoints (wal_autocheckpoint = 0); this worker thread,
 * with a connection of its own, does it beside the app. A passive checkpoint never blocks the
 * writer, and the writer starts the log over once a checkpoint has caught up, so the log stays
 * small.
 */
export function startCheckpointer(file: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, everyMs, driver: require.resolve('better-sqlite3') },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.ref(); // keep the process alive until the last checkpoint is done
      worker.postMessage('stop');
      await exited;
    },
  };
}
