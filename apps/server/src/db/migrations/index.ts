import { Migrator, sql, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from '../connect.js';
import { ensureSchema } from '../connect.js';
import { migrationContext, type ForwardMigration, type MigrationContext } from './context.js';
import { foundation } from './0001-foundation.js';
import { accounts } from './0002-accounts.js';
import { catalogue } from './0003-catalogue.js';
import { lists } from './0005-lists.js';
import { listIndexes } from './0006-list-indexes.js';
import { search } from './0007-search.js';
import { browseIndexes } from './0008-browse-indexes.js';
import { historyAudience } from './0009-history-audience.js';
import { positionHotUpdates } from './0010-position-hot-updates.js';
import { loginThrottle } from './0011-login-throttle.js';
import { commerce } from './0012-commerce.js';
import { audienceBrowseIndex } from './0013-audience-browse-index.js';
import { ads } from './0014-ads.js';
import { appLog } from './0015-app-log.js';
import { live } from './0016-live.js';
import { engagement } from './0017-engagement.js';
import { settlementRefunds } from './0018-settlement-refunds.js';
import { inboxLink } from './0019-inbox-link.js';
import { drawPerAccount } from './0020-draw-per-account.js';
import { liveBookmarkPlays } from './0021-live-bookmark-plays.js';
import { kidChannels } from './0022-kid-channels.js';
import { continueWatchingFlag } from './0023-continue-watching-flag.js';
import { staff } from './0024-staff.js';
import { mediaIngest } from './0025-media-ingest.js';
import { consoleCatalogue } from './0026-console-catalogue.js';
import { passwordReset } from './0027-password-reset.js';
import { accountContact } from './0028-account-contact.js';
import { devicesAndStreams } from './0029-devices-and-streams.js';
import { titleOffers } from './0030-title-offers.js';
import { catchup } from './0031-catchup.js';
import { signUpConfirmation } from './0032-sign-up-confirmation.js';
import { voucherBatches } from './0033-voucher-batches.js';
import { consoleMessages } from './0034-console-messages.js';
import { channelLineup } from './0035-channel-lineup.js';
import { programmeClip } from './0036-programme-clip.js';
import { consoleDraws } from './0037-console-draws.js';
import { adCampaigns } from './0038-ad-campaigns.js';
import { wordingEdits } from './0039-wording-edits.js';
import { careLookups } from './0040-care-lookups.js';
import { qoe } from './0043-qoe.js';
import { reports } from './0042-reports.js';
import { viewingRollup } from './0044-viewing-rollup.js';

/** One ordered list for both dialects; names sort in the order they must run. */
const migrations: Record<string, (ctx: MigrationContext) => ForwardMigration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-catalogue': catalogue,
  '0005-lists': lists,
  '0006-list-indexes': listIndexes,
  '0007-search': search,
  '0008-browse-indexes': browseIndexes,
  '0009-history-audience': historyAudience,
  '0010-position-hot-updates': positionHotUpdates,
  '0011-login-throttle': loginThrottle,
  '0012-commerce': commerce,
  '0013-audience-browse-index': audienceBrowseIndex,
  '0014-ads': ads,
  '0015-app-log': appLog,
  '0016-live': live,
  '0017-engagement': engagement,
  '0018-settlement-refunds': settlementRefunds,
  '0019-inbox-link': inboxLink,
  '0020-draw-per-account': drawPerAccount,
  '0021-live-bookmark-plays': liveBookmarkPlays,
  '0022-kid-channels': kidChannels,
  '0023-continue-watching-flag': continueWatchingFlag,
  '0024-staff': staff,
  '0025-media-ingest': mediaIngest,
  '0026-console-catalogue': consoleCatalogue,
  '0027-password-reset': passwordReset,
  '0028-account-contact': accountContact,
  '0029-devices-and-streams': devicesAndStreams,
  '0030-title-offers': titleOffers,
  '0031-catchup': catchup,
  '0032-sign-up-confirmation': signUpConfirmation,
  '0033-voucher-batches': voucherBatches,
  '0034-console-messages': consoleMessages,
  '0035-channel-lineup': channelLineup,
  '0036-programme-clip': programmeClip,
  '0037-console-draws': consoleDraws,
  '0038-ad-campaigns': adCampaigns,
  '0039-wording-edits': wordingEdits,
  '0040-care-lookups': careLookups,
  '0043-qoe': qoe,
  '0042-reports': reports,
  '0044-viewing-rollup': viewingRollup,
};

function providerFor(handle: DatabaseHandle): MigrationProvider {
  const ctx = migrationContext(handle.dialect);
  return {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(ctx)])),
  };
}

function migratorFor(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: providerFor(handle),
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  await ensureSchema(handle);
  const { error, results } = await migratorFor(handle).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}

/** Runs the migrations up to and including `name` (tests of a migration's data changes). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  await ensureSchema(handle);
  const { error } = await migratorFor(handle).migrateTo(name);
  if (error) throw new Error(`migrating to ${name} failed: ${String(error)}`, { cause: error });
}

/** True when every known migration has run (readiness). */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
  // The migration table itself, not Kysely's getMigrations(): that reads every schema's tables,
  // and a schema dropped meanwhile by another site or test sharing the database fails it.
  const table = handle.schema
    ? sql.id(handle.schema, 'kysely_migration')
    : sql.id('kysely_migration');
  const applied = await sql<{ name: string }>`select name from ${table}`
    .execute(handle.db)
    .then((result) => new Set(result.rows.map((row) => row.name)))
    .catch(() => new Set<string>());
  return Object.keys(migrations).every((name) => applied.has(name));
}
