import type { Kysely } from 'kysely';
import type { OrderedList } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { recordChange, type Actor } from '../audit/trail.js';

/*
 * Drag-to-order in the console (issue 22): main categories, menus and the home page's groups keep
 * a `sort_order`; an editor puts the whole list in a new order, made on the order they saw.
 */

const TABLES = {
  mainCategories: { table: 'main_category', id: 'main_category_id' },
  menus: { table: 'ux_menu', id: 'menu_id' },
  homeGroups: { table: 'curated_group', id: 'group_id' },
} as const;

type Item = { id: string; name: string };

async function itemsOf(db: Kysely<Database>, list: OrderedList): Promise<Item[]> {
  const { table, id } = TABLES[list];
  // The three tables share the shape read here (an id, name, sort_order).
  const rows = await (db as unknown as Kysely<Record<string, Record<string, string | number>>>)
    .selectFrom(table)
    .select([`${id} as id`, 'name'])
    .orderBy('sort_order')
    .orderBy(id)
    .execute();
  return rows.map((row) => ({ id: String(row.id), name: String(row.name) }));
}

export async function listOrder(db: Kysely<Database>, list: OrderedList): Promise<Item[]> {
  return itemsOf(db, list);
}

export async function setOrder(
  db: Kysely<Database>,
  actor: Actor,
  list: OrderedList,
  input: { seen: string[]; order: string[] },
  now: number,
): Promise<Item[]> {
  const { table, id } = TABLES[list];
  return db.transaction().execute(async (trx) => {
    const before = await itemsOf(trx, list);
    const current = before.map((item) => item.id);
    if (JSON.stringify(current) !== JSON.stringify(input.seen)) {
      throw staleEdit({ order: current }, 0);
    }
    const sameMembers =
      input.order.length === current.length &&
      new Set(input.order).size === current.length &&
      input.order.every((item) => current.includes(item));
    if (!sameMembers) {
      throw new AppError('BAD_INPUT', [
        { name: 'order', problem: '新的順序必須恰好包含目前清單中的每一項' },
      ]);
    }
    const untyped = trx as unknown as Kysely<Record<string, Record<string, string | number>>>;
    for (const [index, item] of input.order.entries()) {
      await untyped
        .updateTable(table)
        .set({ sort_order: (index + 1) * 10 })
        .where(id, '=', item)
        .execute();
    }
    await recordChange(
      trx,
      actor,
      {
        entity: `order:${list}`,
        entityId: list,
        before: { order: current },
        after: { order: input.order },
      },
      now,
    );
    return itemsOf(trx, list);
  });
}
