import type { Kysely } from 'kysely';
import type { LineupSettings } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { hostRulesProblem } from '../../stream-host-rules.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { SETTING_NAMES, type LineupSettingsStore } from './lineup-settings.js';

/*
 * The channel groups' order (the live page's tabs and each tab's channels), new groups, and the
 * live settings (the default channel, the stream-host rules), each change in one transaction
 * with its audit entry (issue 25 item 1, docs/adr/0047). An order is made on the order seen:
 * another scheduler's change in between is a STALE_EDIT, never a silent mix of the two.
 */

const bad = (name: string, problem: string) => new AppError('BAD_INPUT', [{ name, problem }]);

function checkOrder(current: string[], input: { seen: string[]; order: string[] }): void {
  if (JSON.stringify(current) !== JSON.stringify(input.seen)) {
    throw staleEdit({ order: current }, 0);
  }
  const same =
    input.order.length === current.length &&
    new Set(input.order).size === current.length &&
    input.order.every((id) => current.includes(id));
  if (!same) throw bad('order', '新的順序必須恰好包含目前清單中的每一項');
}

export async function createGroup(
  db: Kysely<Database>,
  actor: Actor,
  input: { channelGroupId: string; title: string },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('channel_group')
      .select('channel_group_id')
      .where('channel_group_id', '=', input.channelGroupId)
      .executeTakeFirst();
    if (exists) throw bad('channelGroupId', '這個群組代碼已有群組使用');
    const last = await trx
      .selectFrom('channel_group')
      .select((eb) => eb.fn.max('sort_order').as('top'))
      .executeTakeFirst();
    await trx
      .insertInto('channel_group')
      .values({
        channel_group_id: input.channelGroupId,
        title: input.title,
        sort_order: Number(last?.top ?? 0) + 10,
      })
      .execute();
    await recordChange(
      trx,
      actor,
      { entity: 'channel_group', entityId: input.channelGroupId, before: null, after: input },
      now,
    );
  });
}

export async function setGroupsOrder(
  db: Kysely<Database>,
  actor: Actor,
  input: { seen: string[]; order: string[] },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('channel_group')
      .select('channel_group_id')
      .orderBy('sort_order')
      .orderBy('channel_group_id')
      .execute();
    const current = rows.map((r) => r.channel_group_id);
    checkOrder(current, input);
    for (const [index, id] of input.order.entries()) {
      await trx
        .updateTable('channel_group')
        .set({ sort_order: (index + 1) * 10 })
        .where('channel_group_id', '=', id)
        .execute();
    }
    await recordChange(
      trx,
      actor,
      {
        entity: 'channel_group',
        entityId: '*',
        before: { order: current },
        after: { order: input.order },
      },
      now,
    );
  });
}

export async function setGroupOrder(
  db: Kysely<Database>,
  actor: Actor,
  groupId: string,
  input: { seen: string[]; order: string[] },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('channel_group')
      .select('channel_group_id')
      .where('channel_group_id', '=', groupId)
      .executeTakeFirst();
    if (!group) throw notFound('找不到這個頻道群組。');
    const rows = await trx
      .selectFrom('channel_group_member')
      .select('channel_id')
      .where('channel_group_id', '=', groupId)
      .orderBy('sort_order')
      .orderBy('channel_id')
      .execute();
    const current = rows.map((r) => r.channel_id);
    checkOrder(current, input);
    for (const [index, id] of input.order.entries()) {
      await trx
        .updateTable('channel_group_member')
        .set({ sort_order: (index + 1) * 10 })
        .where('channel_group_id', '=', groupId)
        .where('channel_id', '=', id)
        .execute();
    }
    await recordChange(
      trx,
      actor,
      {
        entity: 'channel_group',
        entityId: groupId,
        before: { order: current },
        after: { order: input.order },
      },
      now,
    );
  });
}

export async function setSettings(
  db: Kysely<Database>,
  store: LineupSettingsStore,
  actor: Actor,
  input: LineupSettings,
  now: number,
): Promise<void> {
  const problem = hostRulesProblem(input.streamHostRules);
  if (problem)
    throw bad(
      'streamHostRules',
      `串流主機規則有誤（每條為「頻道名稱規則=>主機」，以 ; 分隔）：${problem}`,
    );
  const before = await store.current();
  await db.transaction().execute(async (trx) => {
    if (input.defaultChannelId !== '') {
      const channel = await trx
        .selectFrom('channel')
        .select('channel_id')
        .where('channel_id', '=', input.defaultChannelId)
        .executeTakeFirst();
      if (!channel) throw bad('defaultChannelId', '找不到這個頻道');
    }
    for (const [key, name] of Object.entries(SETTING_NAMES) as [keyof LineupSettings, string][]) {
      const value = input[key];
      const updated = await trx
        .updateTable('live_setting')
        .set({ value, updated_at: now })
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto('live_setting').values({ name, value, updated_at: now }).execute();
      }
    }
    await recordChange(
      trx,
      actor,
      {
        entity: 'live_setting',
        entityId: 'lineup',
        before: {
          defaultChannelId: before.defaultChannelId,
          streamHostRules: before.streamHostRules,
        },
        after: { ...input },
      },
      now,
    );
  });
}
