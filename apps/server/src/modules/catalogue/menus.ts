import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The header's (and the apps' top) menu entries in order; kid-safe ones only for a kid. */
export async function uxMenuList(db: Kysely<Database>, kidsOnly: boolean) {
  let menus = db.selectFrom('ux_menu').selectAll().orderBy('sort_order').orderBy('menu_id');
  if (kidsOnly) menus = menus.where('kid_safe', '=', 1);
  return (await menus.execute()).map((m) => ({
    menuId: m.menu_id,
    menuName: m.name,
    menuType: m.menu_type,
    target: m.target,
  }));
}
