import { sql, type ColumnDefinitionBuilder, type RawBuilder } from 'kysely';
import type { DialectName } from '../connect.js';

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
