import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The rest of the catalogue model: people, curated groups, UX categories and menus, wording,
 * hot keywords, and which new-icon hints a sub-account has seen.
 */
export function catalogue({ text }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('person')
        .addColumn('person_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('picture_path', text)
        .execute();

      await db.schema
        .createTable('title_person')
        .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
        .addColumn('person_id', text, (c) => c.notNull().references('person.person_id'))
        .addColumn('role', text, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('title_person_pk', ['content_id', 'person_id', 'role'])
        .execute();
      await db.schema
        .createIndex('title_person_by_person')
        .on('title_person')
        .columns(['person_id', 'content_id'])
        .execute();

      await db.schema
        .createTable('curated_group')
        .addColumn('group_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('ux_category_id', text)
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('curated_group_title')
        .addColumn('group_id', text, (c) => c.notNull().references('curated_group.group_id'))
        .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('curated_group_title_pk', ['group_id', 'content_id'])
        .execute();

      await db.schema
        .createTable('ux_category')
        .addColumn('ux_category_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('main_category_id', text)
        .addColumn('kid_safe', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('ux_menu')
        .addColumn('menu_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('menu_type', text, (c) => c.notNull())
        .addColumn('target', text, (c) => c.notNull())
        .addColumn('kid_safe', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('wording')
        .addColumn('code', text, (c) => c.primaryKey())
        .addColumn('group_code', text, (c) => c.notNull())
        .addColumn('wording', text, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('wording_by_group')
        .on('wording')
        .columns(['group_code', 'sort_order'])
        .execute();

      await db.schema
        .createTable('hot_keyword')
        .addColumn('keyword', text, (c) => c.primaryKey())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('icon_hint_seen')
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('hint_id', text, (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('icon_hint_seen_pk', ['sub_account_uid', 'hint_id'])
        .execute();
    },
  };
}
