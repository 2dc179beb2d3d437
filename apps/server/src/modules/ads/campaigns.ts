import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdCampaign, AdCampaignInput, AdCreative } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { AdCampaignTable } from '../../db/schema-ads.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { creativeOf, settleCreatives } from './creatives.js';

type CampaignRow = Selectable<AdCampaignTable>;
const ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function newCampaignId(): string {
  const bytes = crypto.randomBytes(8);
  return `CP${[...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

function statusOf(row: CampaignRow, now: number): AdCampaign['status'] {
  if (row.state === 'paused') return 'paused';
  if (now < Number(row.starts_at)) return 'scheduled';
  return now < Number(row.ends_at) ? 'running' : 'ended';
}

const list = (json: string) => JSON.parse(json) as string[];

function campaignOf(row: CampaignRow, creatives: AdCreative[], now: number): AdCampaign {
  return {
    campaignId: row.campaign_id,
    name: row.name,
    advertiser: row.advertiser,
    state: row.state,
    status: statusOf(row, now),
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    slots: list(row.slots) as AdCampaign['slots'],
    creatives,
    titles: list(row.target_titles),
    categories: list(row.target_categories),
    channels: list(row.target_channels),
    devices: list(row.target_devices) as AdCampaign['devices'],
    capPerDay: row.cap_per_day,
    priority: row.priority,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    updatedAt: Number(row.updated_at),
  };
}

/** What the audit trail keeps of a campaign (the fields a marketer sets). */
const auditedOf = (c: AdCampaignInput) => ({
  name: c.name,
  advertiser: c.advertiser,
  state: c.state,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  slots: c.slots,
  creativeIds: [...c.creativeIds].sort(),
  titles: c.titles,
  categories: c.categories,
  channels: c.channels,
  devices: c.devices,
  capPerDay: c.capPerDay,
  priority: c.priority,
});

async function creativesOf(db: Kysely<Database>, campaignIds: string[]) {
  const errors = await settleCreatives(db);
  const byCampaign = new Map<string, AdCreative[]>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db
    .selectFrom('ad_campaign_creative as cc')
    .innerJoin('ad_creative as k', 'k.creative_id', 'cc.creative_id')
    .selectAll('k')
    .select('cc.campaign_id')
    .where('cc.campaign_id', 'in', campaignIds)
    .orderBy('k.creative_id')
    .execute();
  for (const r of rows) {
    const list = byCampaign.get(r.campaign_id) ?? [];
    list.push(creativeOf(r, errors.get(r.creative_id) ?? null));
    byCampaign.set(r.campaign_id, list);
  }
  return byCampaign;
}

export async function listCampaigns(db: Kysely<Database>, now: number): Promise<AdCampaign[]> {
  const rows = await db
    .selectFrom('ad_campaign')
    .selectAll()
    .orderBy('starts_at', 'desc')
    .orderBy('campaign_id')
    .execute();
  const creatives = await creativesOf(
    db,
    rows.map((r) => r.campaign_id),
  );
  return rows.map((r) => campaignOf(r, creatives.get(r.campaign_id) ?? [], now));
}

export async function findCampaign(
  db: Kysely<Database>,
  campaignId: string,
  now: number,
): Promise<AdCampaign | undefined> {
  const row = await db
    .selectFrom('ad_campaign')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  if (!row) return undefined;
  const creatives = await creativesOf(db, [campaignId]);
  return campaignOf(row, creatives.get(campaignId) ?? [], now);
}

/** The id column of each table a campaign may target (the catalogue's and the live module's). */
const TARGET_ID = {
  title: 'content_id',
  main_category: 'main_category_id',
  subcategory: 'subcategory_id',
  channel: 'channel_id',
} as const;
type TargetTable = keyof typeof TARGET_ID;

/** Which of `ids` the table holds: read only to check that targets exist. */
async function existingIds(
  db: Kysely<Database>,
  table: TargetTable,
  ids: string[],
): Promise<string[]> {
  const column = sql.ref(TARGET_ID[table]);
  const rows = await db
    .selectFrom(table)
    .select(sql<string>`${column}`.as('id'))
    .where(column, 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Refuses, field by field in zh-TW, a campaign naming creatives that are not console creatives
 * ready to serve, or titles, categories or channels that do not exist. The ids are read from
 * the catalogue's and live module's tables: only to check they exist.
 */
async function checkReferences(db: Kysely<Database>, c: AdCampaignInput): Promise<void> {
  const problems: { name: string; problem: string }[] = [];
  const creatives = await db
    .selectFrom('ad_creative')
    .select(['creative_id', 'state', 'target_kind'])
    .where('creative_id', 'in', c.creativeIds)
    .execute();
  const byId = new Map(creatives.map((k) => [k.creative_id, k]));
  for (const id of c.creativeIds) {
    const k = byId.get(id);
    if (!k || k.target_kind !== 'campaign') {
      problems.push({ name: 'creativeIds', problem: `找不到廣告素材 ${id}。` });
    } else if (k.state !== 'ready') {
      problems.push({
        name: 'creativeIds',
        problem:
          k.state === 'processing'
            ? `素材 ${id} 仍在轉檔中，完成後才能加入活動。`
            : `素材 ${id} 轉檔失敗，無法使用。`,
      });
    }
  }
  const missing = async (ids: string[], tables: TargetTable[], name: string, what: string) => {
    if (ids.length === 0) return;
    const have = new Set<string>();
    for (const table of tables) for (const id of await existingIds(db, table, ids)) have.add(id);
    const absent = ids.filter((id) => !have.has(id));
    if (absent.length > 0) problems.push({ name, problem: `找不到${what}：${absent.join('、')}` });
  };
  await missing(c.titles, ['title'], 'titles', '影片');
  await missing(c.categories, ['main_category', 'subcategory'], 'categories', '分類');
  await missing(c.channels, ['channel'], 'channels', '頻道');
  if (problems.length > 0) throw new AppError('BAD_INPUT', problems, problems[0]!.problem);
}

const columnsOf = (c: AdCampaignInput) => ({
  name: c.name,
  advertiser: c.advertiser,
  state: c.state,
  starts_at: c.startsAt,
  ends_at: c.endsAt,
  slots: JSON.stringify(c.slots),
  target_titles: JSON.stringify(c.titles),
  target_categories: JSON.stringify(c.categories),
  target_channels: JSON.stringify(c.channels),
  target_devices: JSON.stringify(c.devices),
  cap_per_day: c.capPerDay,
  priority: c.priority,
});

/** Makes a campaign with its creatives and audit entry in one transaction. */
export async function createCampaign(
  db: Kysely<Database>,
  actor: Actor,
  input: AdCampaignInput,
  now: number,
): Promise<AdCampaign> {
  await settleCreatives(db);
  const campaignId = newCampaignId();
  await db.transaction().execute(async (trx) => {
    await checkReferences(trx, input);
    await trx
      .insertInto('ad_campaign')
      .values({
        campaign_id: campaignId,
        ...columnsOf(input),
        created_at: now,
        created_by: actor.email,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('ad_campaign_creative')
      .values(input.creativeIds.map((creative_id) => ({ campaign_id: campaignId, creative_id })))
      .execute();
    await recordChange(
      trx,
      actor,
      { entity: 'ad_campaign', entityId: campaignId, before: null, after: auditedOf(input) },
      now,
    );
  });
  return (await findCampaign(db, campaignId, now))!;
}

/**
 * Changes a campaign (pausing and resuming are changes of `state`), its creatives replaced,
 * audited with what differs. The ad server reads campaigns on every request, so the change
 * holds on the next break on every instance.
 */
export async function updateCampaign(
  db: Kysely<Database>,
  actor: Actor,
  campaignId: string,
  input: AdCampaignInput,
  now: number,
): Promise<AdCampaign> {
  await settleCreatives(db);
  await db.transaction().execute(async (trx) => {
    const before = await findCampaign(trx, campaignId, now);
    if (!before) throw notFound('找不到這個廣告活動。');
    await checkReferences(trx, input);
    await trx
      .updateTable('ad_campaign')
      .set({ ...columnsOf(input), updated_at: now })
      .where('campaign_id', '=', campaignId)
      .execute();
    await trx.deleteFrom('ad_campaign_creative').where('campaign_id', '=', campaignId).execute();
    await trx
      .insertInto('ad_campaign_creative')
      .values(input.creativeIds.map((creative_id) => ({ campaign_id: campaignId, creative_id })))
      .execute();
    await recordChange(
      trx,
      actor,
      {
        entity: 'ad_campaign',
        entityId: campaignId,
        before: auditedOf({ ...before, creativeIds: before.creatives.map((k) => k.creativeId) }),
        after: auditedOf(input),
      },
      now,
    );
  });
  return (await findCampaign(db, campaignId, now))!;
}
