/**
 * `npm run reports:refill`: empties the reports' rollups so that the next settle adds every hour
 * again (docs/adr/0054). For history written with old times after the rollups had moved past
 * them: a repair of the ledger by hand, a re-seed, an import of plays. Run it after that history
 * is in place and while no instance settles (stopped, or before anyone reads a report); the
 * instances refill at their next start or hour, or the next report read does. Exit 0 done,
 * 2 bad config.
 */
import { ConfigError, loadConfig } from '../apps/server/src/config.js';
import { connectConfigured, migrateToLatest } from '../apps/server/src/db/index.js';
import { forgetReportRollups } from '../apps/server/src/modules/reports/settling.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(2);
}
const database = connectConfigured(config);
try {
  await migrateToLatest(database);
  await forgetReportRollups(database.db);
  process.stdout.write('report rollups emptied: the next settle adds every hour again\n');
} finally {
  await database.close();
}
