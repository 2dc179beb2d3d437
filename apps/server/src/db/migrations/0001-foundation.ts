import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Catalogue titles and live channels: what the page shell and the first calls read. */
export function foundation({ text, autoId }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('main_category')
        .addColumn('main_category_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subcategory')
        .addColumn('subcategory_id', text, (c) => c.primaryKey())
        .addColumn('main_category_id', text, (c) =>
          c.notNull().references('main_category.main_category_id'),
        )
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('title')
        .addColumn('content_id', text, (c) => c.primaryKey())
        .addColumn('kind', text, (c) =>
          c.notNull().check(sqlIn('kind', ['movie', 'series', 'episode'])),
        )
        .addColumn('series_id', text, (c) => c.references('title.content_id'))
        .addColumn('season_no', 'integer')
        .addColumn('episode_no', 'integer')
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('synopsis', text, (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('country', text, (c) => c.notNull())
        .addColumn('main_category_id', text, (c) =>
          c.notNull().references('main_category.main_category_id'),
        )
        .addColumn('subcategory_id', text, (c) =>
          c.notNull().references('subcategory.subcategory_id'),
        )
        .addColumn('sell_type', text, (c) => c.notNull())
        .addColumn('dtr_price', 'integer', (c) => c.notNull())
        .addColumn('grade', text, (c) => c.notNull())
        .addColumn('is_sexual', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_restricted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('kid_safe', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('poster_path', text, (c) => c.notNull())
        .addColumn('still_path', text, (c) => c.notNull())
        .addColumn('clip_id', text, (c) => c.notNull())
        .addColumn('trailer_clip_id', text)
        .addColumn('duration_seconds', 'integer', (c) => c.notNull())
        .addColumn('on_shelf_at', 'bigint', (c) => c.notNull())
        .addColumn('off_shelf_at', 'bigint')
        .execute();
      // Browse pages walk these in order; contentId breaks ties so the order is total.
      await db.schema
        .createIndex('title_listed_latest')
        .on('title')
        .columns(['kind', 'on_shelf_at', 'content_id'])
        .execute();
      await db.schema
        .createIndex('title_by_category')
        .on('title')
        .columns(['main_category_id', 'subcategory_id', 'on_shelf_at', 'content_id'])
        .execute();
      await db.schema
        .createIndex('title_episodes')
        .on('title')
        .columns(['series_id', 'season_no', 'episode_no'])
        .execute();

      await db.schema
        .createTable('channel_group')
        .addColumn('channel_group_id', text, (c) => c.primaryKey())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('channel')
        .addColumn('channel_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull())
        .addColumn('pic_path', text, (c) => c.notNull())
        .addColumn('status', text, (c) => c.notNull().check(sqlIn('status', ['0', '1', '9'])))
        .addColumn('channel_type', text, (c) => c.notNull())
        .addColumn('allow_web', text, (c) => c.notNull())
        .addColumn('is_youtube', text, (c) => c.notNull())
        .addColumn('youtube_id', text)
        .addColumn('open_simple_play_page', text, (c) => c.notNull())
        .addColumn('play_right_type', text, (c) => c.notNull())
        .addColumn('clip_id', text)
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('channel_group_member')
        .addColumn('channel_group_id', text, (c) =>
          c.notNull().references('channel_group.channel_group_id'),
        )
        .addColumn('channel_id', text, (c) => c.notNull().references('channel.channel_id'))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_group_member_pk', ['channel_group_id', 'channel_id'])
        .execute();

      await db.schema
        .createTable('programme')
        .addColumn('programme_id', 'integer', autoId)
        .addColumn('channel_id', text, (c) => c.notNull().references('channel.channel_id'))
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull())
        .addUniqueConstraint('programme_channel_start', ['channel_id', 'start_at'])
        .execute();
    },
  };
}

/** A check constraint over constants of this file (never input). */
function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
