import type { Insertable, Kysely, Transaction } from 'kysely';
import { uiWordingIds } from '@site/contract';
import {
  DEFAULT_AD_PLAN,
  type AdPlan,
  type ChannelFields,
  type NewChannel,
} from '@site/contract/console';
import type { ChannelTable, Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { channelProblems } from './channel-rules.js';
import { adPlanOfRow, latestAdPlan, noChannel } from './lineup.js';
import { findChannel } from './queries.js';

/*
 * Adding and editing a channel in the console (issue 25 items 1 and 4, docs/adr/0047): the row,
 * its wordings, its groups and its ad plan in one transaction with the audit entry. Every edit
 * bumps channel.version, which the live origin's fingerprint reads, so each instance rebuilds the
 * channel's playout within a second; the live page's calls read the rows on every request.
 */

const bad = (name: string, problem: string) => new AppError('BAD_INPUT', [{ name, problem }]);
/** A channel added in the console shows this until a picture is uploaded. */
export const DEFAULT_CHANNEL_PICTURE = 'images/channels/channel-01.jpg';

type Columns = Omit<Insertable<ChannelTable>, 'channel_id' | 'pic_path' | 'sort_order'>;

function columnsOf(input: ChannelFields): Columns {
  const ids = input.source === 'origin' ? input.playoutClipIds : [];
  return {
    name: input.name,
    description: input.description,
    channel_type: input.channelType,
    allow_web: input.allowWeb ? 'Y' : 'N',
    is_youtube: input.source === 'youtube' ? 'Y' : 'N',
    youtube_id: input.source === 'youtube' ? input.youtubeId : null,
    twitch_login: input.source === 'twitch' ? input.twitchLogin : null,
    open_simple_play_page: input.openSimplePlayPage ? 'Y' : 'N',
    play_right_type: input.playRightType,
    service_id: input.playRightType === 'SVOD' ? input.serviceId : null,
    clip_id: ids[0] ?? null,
    playout_clip_ids: ids.join(','),
    kid_safe: input.kidSafe ? 1 : 0,
    catchup_hours: input.catchupHours,
    sponsor_logo_position: input.sponsorLogoPosition,
    sponsor_logo_shown: input.sponsorLogoShown ? 1 : 0,
  };
}

/** What the database must hold for the input: its service and groups. */
async function checkReferences(trx: Kysely<Database>, input: ChannelFields): Promise<void> {
  if (input.serviceId) {
    const service = await trx
      .selectFrom('monthly_service')
      .select('service_id')
      .where('service_id', '=', input.serviceId)
      .executeTakeFirst();
    if (!service) throw bad('serviceId', '找不到這個月租服務');
  }
  if (input.groupIds.length > 0) {
    const found = await trx
      .selectFrom('channel_group')
      .select('channel_group_id')
      .where('channel_group_id', 'in', input.groupIds)
      .execute();
    const known = new Set(found.map((g) => g.channel_group_id));
    const missing = input.groupIds.find((id) => !known.has(id));
    if (missing) throw bad('groupIds', `找不到頻道群組「${missing}」`);
  }
}

async function writeWordings(trx: Transaction<Database>, channelId: string, input: ChannelFields) {
  await trx.deleteFrom('channel_wording').where('channel_id', '=', channelId).execute();
  const rows = uiWordingIds
    .filter((id) => input.wordings[id] !== '')
    .map((id) => ({ channel_id: channelId, wording_id: id, wording: input.wordings[id] }));
  if (rows.length > 0) await trx.insertInto('channel_wording').values(rows).execute();
}

/** Adds the channel at the end of the groups it joins; leaves those it is taken out of. */
async function writeGroups(trx: Transaction<Database>, channelId: string, groupIds: string[]) {
  const current = await trx
    .selectFrom('channel_group_member')
    .select('channel_group_id')
    .where('channel_id', '=', channelId)
    .execute();
  const had = new Set(current.map((m) => m.channel_group_id));
  const leaving = [...had].filter((id) => !groupIds.includes(id));
  if (leaving.length > 0) {
    await trx
      .deleteFrom('channel_group_member')
      .where('channel_id', '=', channelId)
      .where('channel_group_id', 'in', leaving)
      .execute();
  }
  for (const groupId of groupIds.filter((id) => !had.has(id))) {
    const last = await trx
      .selectFrom('channel_group_member')
      .select((eb) => eb.fn.max('sort_order').as('top'))
      .where('channel_group_id', '=', groupId)
      .executeTakeFirst();
    await trx
      .insertInto('channel_group_member')
      .values({
        channel_group_id: groupId,
        channel_id: channelId,
        sort_order: Number(last?.top ?? 0) + 10,
      })
      .execute();
  }
}

const sameAds = (a: AdPlan | null, b: AdPlan | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Records the ad plan from `now` on when it differs from the one in effect. Programmes take the
 * plan in effect when they start (origin/ad-plan.ts), so one on air and everything aired keep
 * theirs. A non-AVOD channel records "no breaks", so turning it AVOD later does not put breaks
 * into what it aired before.
 */
async function writeAdPlan(
  trx: Transaction<Database>,
  channelId: string,
  wanted: AdPlan | null,
  wasAvod: boolean,
  now: number,
): Promise<boolean> {
  const latest = await latestAdPlan(trx, channelId);
  const inEffect = latest ? adPlanOfRow(latest) : wasAvod ? DEFAULT_AD_PLAN : undefined;
  if (inEffect !== undefined && sameAds(inEffect, wanted)) return false;
  const values = {
    opening_break: wanted?.openingBreak ? 1 : 0,
    interval_minutes: wanted?.intervalMinutes ?? null,
    break_seconds: wanted?.breakSeconds ?? 0,
  };
  // Two changes in one second: the later one is the plan from that second.
  if (latest && Number(latest.effective_from) === now) {
    await trx
      .updateTable('channel_ad_plan')
      .set(values)
      .where('channel_id', '=', channelId)
      .where('effective_from', '=', now)
      .execute();
  } else {
    await trx
      .insertInto('channel_ad_plan')
      .values({ channel_id: channelId, effective_from: now, ...values })
      .execute();
  }
  return true;
}

function audited(input: ChannelFields) {
  const { wordings, adPlan, groupIds, ...rest } = input;
  return { ...rest, wordings, adPlan, groupIds };
}

export async function createChannel(
  db: Kysely<Database>,
  actor: Actor,
  input: NewChannel,
  now: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (await findChannel(trx, input.channelId)) {
      throw bad('channelId', '這個頻道代碼已有頻道使用');
    }
    await checkReferences(trx, input);
    const last = await trx
      .selectFrom('channel')
      .select((eb) => eb.fn.max('sort_order').as('top'))
      .executeTakeFirst();
    const row: Insertable<ChannelTable> = {
      channel_id: input.channelId,
      pic_path: DEFAULT_CHANNEL_PICTURE,
      sort_order: Number(last?.top ?? 0) + 10,
      ...columnsOf(input),
    };
    const problems = channelProblems(row);
    if (problems.length > 0) throw bad('channel', problems.join('；'));
    await trx.insertInto('channel').values(row).execute();
    await writeWordings(trx, input.channelId, input);
    await writeGroups(trx, input.channelId, input.groupIds);
    await writeAdPlan(trx, input.channelId, input.adPlan, false, now);
    const { channelId, ...fields } = input;
    await recordChange(
      trx,
      actor,
      { entity: 'channel', entityId: channelId, before: null, after: audited(fields) },
      now,
    );
    return channelId;
  });
}

export async function updateChannel(
  db: Kysely<Database>,
  actor: Actor,
  channelId: string,
  input: ChannelFields & { version: number },
  before: ChannelFields,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findChannel(trx, channelId);
    if (!row) throw noChannel();
    if (Number(row.version) !== input.version) throw staleEdit({}, Number(row.version));
    await checkReferences(trx, input);
    const columns = columnsOf(input);
    const problems = channelProblems({ ...row, ...columns });
    if (problems.length > 0) throw bad('channel', problems.join('；'));
    const updated = await trx
      .updateTable('channel')
      .set({ ...columns, version: input.version + 1 })
      .where('channel_id', '=', channelId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw staleEdit({}, Number(row.version));
    await writeWordings(trx, channelId, input);
    await writeGroups(trx, channelId, input.groupIds);
    const adsChanged = await writeAdPlan(
      trx,
      channelId,
      input.adPlan,
      row.play_right_type === 'AVOD',
      now,
    );
    const { version: _seen, ...fields } = input;
    await recordChange(
      trx,
      actor,
      {
        entity: 'channel',
        entityId: channelId,
        before: audited(before),
        after: { ...audited(fields), ...(adsChanged ? { adPlanFrom: now } : {}) },
      },
      now,
    );
  });
}

/** Sets the channel's picture or sponsor logo (stored already) on the version seen. */
export async function setChannelPicture(
  db: Kysely<Database>,
  actor: Actor,
  channelId: string,
  kind: 'picture' | 'sponsor',
  stored: string,
  version: number,
  now: number,
): Promise<void> {
  const column = kind === 'picture' ? 'pic_path' : 'sponsor_logo_path';
  await db.transaction().execute(async (trx) => {
    const row = await findChannel(trx, channelId);
    if (!row) throw noChannel();
    if (Number(row.version) !== version) throw staleEdit({}, Number(row.version));
    await trx
      .updateTable('channel')
      .set({ [column]: stored, version: version + 1 })
      .where('channel_id', '=', channelId)
      .execute();
    await recordChange(
      trx,
      actor,
      {
        entity: 'channel',
        entityId: channelId,
        before: { [column]: row[column] },
        after: { [column]: stored },
      },
      now,
    );
  });
}
