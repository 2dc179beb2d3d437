import { ConfigError, loadConfig } from '../config.js';
import { connect, migrateToLatest } from '../db/index.js';
import { seed } from './index.js';

/** `npm run seed [-- --reset]`: apply migrations and the demo data to DATABASE_URL. */
try {
  const config = loadConfig();
  const database = connect(config.DATABASE_URL);
  await migrateToLatest(database);
  const counts = await seed(database, {
    reset: process.argv.includes('--reset'),
    passwordCost: config.PASSWORD_SCRYPT_COST,
  });
  await database.close();
  process.stdout.write(`seeded ${config.DATABASE_URL}: ${JSON.stringify(counts)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
