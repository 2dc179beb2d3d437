/** `npm run seed [-- --reset]`: apply migrations and the demo data to DATABASE_URL. */
import { ConfigError, loadConfig } from '../config.js';
import { connectConfigured, migrateToLatest } from '../db/index.js';
import { seed } from './index.js';

/** The URL as said on the terminal: a PostgreSQL password is not printed. */
function withoutPassword(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (!parsed.password) return url;
  parsed.password = '***';
  return parsed.toString();
}

try {
  const config = loadConfig();
  const database = connectConfigured(config);
  await migrateToLatest(database);
  const counts = await seed(database, {
    reset: process.argv.includes('--reset'),
    passwordCost: config.PASSWORD_SCRYPT_COST,
  });
  await database.close();
  process.stdout.write(
    `seeded ${withoutPassword(config.DATABASE_URL)}: ${JSON.stringify(counts)}\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
