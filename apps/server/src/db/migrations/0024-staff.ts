import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Staff of the operator console and the audit trail (issue 22, docs/adr/0036). Staff are not
 * members: their own table, their own sessions. The audit trail is append-only, and the database
 * says so itself: a trigger refuses UPDATE and DELETE on audit_entry on both dialects, so no code
 * path (nor a hand-typed statement through the application's role) can rewrite history.
 */
export function staff(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('staff_member')
        .addColumn('staff_id', ctx.text, (c) => c.primaryKey())
        .addColumn('email', ctx.text, (c) => c.notNull().unique())
        .addColumn('display_name', ctx.text, (c) => c.notNull())
        .addColumn('password_hash', ctx.text, (c) => c.notNull())
        .addColumn('roles', ctx.text, (c) => c.notNull())
        .addColumn('totp_secret', ctx.text)
        .addColumn('totp_enrolled_at', 'bigint')
        .addColumn('totp_last_step', 'bigint')
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sign_in_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('staff_session')
        .addColumn('token_hash', ctx.text, (c) => c.primaryKey())
        .addColumn('staff_id', ctx.text, (c) =>
          c.notNull().references('staff_member.staff_id').onDelete('cascade'),
        )
        .addColumn('second_factor_done', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('staff_session_staff')
        .on('staff_session')
        .column('staff_id')
        .execute();
      await db.schema
        .createTable('audit_entry')
        .addColumn('audit_id', 'integer', ctx.autoId)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('staff_id', ctx.text, (c) => c.notNull())
        .addColumn('staff_email', ctx.text, (c) => c.notNull())
        .addColumn('roles', ctx.text, (c) => c.notNull())
        .addColumn('call', ctx.text, (c) => c.notNull())
        .addColumn('entity', ctx.text, (c) => c.notNull())
        .addColumn('entity_id', ctx.text, (c) => c.notNull())
        .addColumn('before_json', ctx.text)
        .addColumn('after_json', ctx.text)
        .execute();
      await db.schema.createIndex('audit_entry_at').on('audit_entry').column('at').execute();
      await db.schema
        .createIndex('audit_entry_entity')
        .on('audit_entry')
        .columns(['entity', 'entity_id', 'at'])
        .execute();
      await db.schema
        .createIndex('audit_entry_staff')
        .on('audit_entry')
        .columns(['staff_id', 'at'])
        .execute();
      await appendOnly(db, ctx);
    },
  };
}

async function appendOnly(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_entry is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_entry_no_change BEFORE UPDATE OR DELETE ON audit_entry
      FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()`.execute(db);
    await sql`CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
      FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry
    BEGIN SELECT RAISE(ABORT, 'audit_entry is append-only'); END`.execute(db);
  await sql`CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry
    BEGIN SELECT RAISE(ABORT, 'audit_entry is append-only'); END`.execute(db);
}
