/**
 * The ingest worker as its own process (`npm run worker`): the same settings as the server
 * (config.ts), the same database. Runs the migrations like main.ts, so it may start first.
 * SIGTERM/SIGINT: running jobs are given back to the queue (worker.ts `stop`), then it exits.
 */
import { ConfigError, loadConfig } from '../../config.js';
import { connectConfigured, migrateToLatest } from '../../db/index.js';
import { ingestSettings } from './settings.js';
import { IngestWorker } from './worker.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
const database = connectConfigured(config);
await migrateToLatest(database);
const say = (stream: NodeJS.WriteStream) => (message: string) =>
  stream.write(`${JSON.stringify({ time: Date.now(), msg: message })}\n`);
const worker = new IngestWorker(database.db, ingestSettings(config), {
  info: say(process.stdout),
  error: say(process.stderr),
});
worker.start();
say(process.stdout)(`ingest worker ${worker.workerId} started (${database.dialect})`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(process.stdout)(`${signal}: stopping, giving running jobs back`);
  await worker.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
