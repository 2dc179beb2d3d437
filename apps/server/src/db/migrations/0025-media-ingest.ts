import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * The ingest job queue (docs/adr/0037), owned by modules/ingest: one row per job, which is also
 * the queue's state, so jobs survive restarts and any worker process on either database can take
 * them. The claim index serves "the oldest runnable job of a lane" (queued and due, or running
 * with an expired lease); the state index serves the lists a console will show.
 */
export function mediaIngest({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ingest_job')
        .addColumn('job_id', text, (c) => c.primaryKey())
        .addColumn('kind', text, (c) => c.notNull())
        .addColumn('state', text, (c) => c.notNull())
        .addColumn('lane', text, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('source_path', text, (c) => c.notNull())
        .addColumn('source_name', text, (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', text, (c) => c.notNull().defaultTo(''))
        .addColumn('options', text, (c) => c.notNull())
        .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('log', text, (c) => c.notNull().defaultTo(''))
        .addColumn('result', text)
        .addColumn('error', text)
        .addColumn('locked_by', text)
        .addColumn('lease_until_ms', 'bigint')
        .addColumn('run_after_ms', 'bigint', (c) => c.notNull())
        .addColumn('created_ms', 'bigint', (c) => c.notNull())
        .addColumn('updated_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ingest_job_claim')
        .on('ingest_job')
        .columns(['state', 'lane', 'created_ms'])
        .execute();
    },
  };
}
