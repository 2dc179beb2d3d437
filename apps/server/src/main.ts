import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { connectConfigured, migrateToLatest } from './db/index.js';
import { seed } from './demo/index.js';
import { ingestSettings } from './modules/ingest/settings.js';
import { IngestWorker } from './modules/ingest/worker.js';
import { gracefulShutdown } from './shutdown.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

const config = readConfig();
const database = connectConfigured(config);
await migrateToLatest(database);
// The ingest worker in this process (default with SQLite's single instance; ADR 0037), started
// once the site listens. A job queued here wakes it at once instead of at its next poll; on stop
// it gives its running jobs back to the queue before the database closes.
const worker = config.INGEST_WORKER_IN_SERVER
  ? new IngestWorker(database.db, ingestSettings(config), {
      info: (message) => app.log.info(message),
      error: (message) => app.log.error(message),
    })
  : undefined;
const app = await buildApp({ config, database, onIngestQueued: () => worker?.wake() });
for (const demoDefault of config.demoDefaults) {
  app.log.warn(`demo default in use (refused when NODE_ENV=production): ${demoDefault}`);
}
if (config.SEED_ON_START) {
  const counts = await seed(database, { passwordCost: config.PASSWORD_SCRYPT_COST });
  app.log.info({ seeded: counts }, 'demo data ready');
}
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`site at ${config.PUBLIC_URL} (${database.dialect})`);

worker?.start();

const stopServer = gracefulShutdown(app, database, config.SHUTDOWN_GRACE_MS);
const stop = async (signal: string) => {
  await worker?.stop();
  await stopServer(signal);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
