import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * A programme's asset (issue 25 item 2, docs/adr/0048), owned by the live module:
 * `programme.clip_id` names a clip of the media library the programme plays; null (every row so
 * far, and every XMLTV import) plays the channel's own playout clips, as before.
 */
export function programmeClip(ctx: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('programme').addColumn('clip_id', ctx.text).execute();
    },
  };
}
