/**
 * The server under test, run as a child process of bench/run.ts so that autocannon and the server
 * do not share one event loop. Argument: a JSON ServerSpec. Prints one JSON line with
 * `benchReady: true` and the port once listening; stops on SIGTERM, SIGINT or when stdin closes
 * (the runner died).
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connect, migrateToLatest } from '../apps/server/src/db/index.js';
import { seed } from '../apps/server/src/demo/index.js';
import { benchmarks } from './benchmarks/index.js';
import type { ReadyLine, ServerSpec } from './lib/server-process.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
const hooks = benchmarks
  .filter((b) => spec.benchmarks.includes(b.name))
  .flatMap((b) => b.server ?? []);

const config = loadConfig({
  ...process.env,
  DATABASE_URL: spec.databaseUrl,
  HOST: '127.0.0.1',
  PORT: '0',
  // Warnings and errors only: per-request logging would be part of what is measured.
  LOG_LEVEL: 'warn',
});
const database = connect(config.DATABASE_URL, spec.pgSchema ? { schema: spec.pgSchema } : {});
await migrateToLatest(database);
await seed(database);

const app = await buildApp({
  config,
  database,
  extend: async (instance) => {
    for (const hook of hooks) await hook.extend(instance, config);
  },
});
await app.ready();
for (const hook of hooks) await hook.ready?.(app, database);
await app.listen({ host: config.HOST, port: 0 });

const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
const ready: ReadyLine = { benchReady: true, port: address.port, dialect: database.dialect };
process.stdout.write(`${JSON.stringify(ready)}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  if (spec.pgSchema)
    await sql`drop schema if exists ${sql.id(spec.pgSchema)} cascade`.execute(database.db);
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
