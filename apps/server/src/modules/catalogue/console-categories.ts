import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The main categories with their sub-categories, each in its sort order: the choices of the
 * console's new-title form (a sub-category belongs to one main category).
 */
export async function listCategories(db: Kysely<Database>) {
  const [mains, subs] = await Promise.all([
    db
      .selectFrom('main_category')
      .select(['main_category_id', 'name'])
      .orderBy('sort_order')
      .orderBy('main_category_id')
      .execute(),
    db
      .selectFrom('subcategory')
      .select(['subcategory_id', 'main_category_id', 'name'])
      .orderBy('sort_order')
      .orderBy('subcategory_id')
      .execute(),
  ]);
  return mains.map((main) => ({
    id: main.main_category_id,
    name: main.name,
    subcategories: subs
      .filter((sub) => sub.main_category_id === main.main_category_id)
      .map((sub) => ({ id: sub.subcategory_id, name: sub.name })),
  }));
}
