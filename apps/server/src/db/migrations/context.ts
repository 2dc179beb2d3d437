import { sql, type ColumnDefinitionBuilder, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * What every migration is: migrations run forward only (docs/adr/0060). A release that must be
 * undone is replaced by a newer one, or its database restored from the copy taken before the
 * upgrade; no step has a `down`, which Kysely would offer as a rollback none of ours could honour.
 */
export type ForwardMigration = Omit<Migration, 'down'> & { down?: never };

/** What differs between the dialects, handed to every migration so there is one set of them. */
export interface MigrationContext {
  dialect: DialectName;
  /** Text compared by code point on both databases (SQLite's default; "C" on PostgreSQL). */
  text: RawBuilder<unknown>;
  /** An auto-incrementing integer primary key. */
  autoId: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

export function migrationContext(dialect: DialectName): MigrationContext {
  return {
    dialect,
    text: dialect === 'postgres' ? sql`text collate "C"` : sql`text`,
    autoId: (c) =>
      dialect === 'postgres'
        ? c.primaryKey().generatedByDefaultAsIdentity()
        : c.primaryKey().autoIncrement(),
  };
}
