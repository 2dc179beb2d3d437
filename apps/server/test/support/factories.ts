import type { Insertable, Kysely } from 'kysely';
import type { ChannelTable, Database, ProgrammeTable, TitleTable } from '../../src/db/schema.js';

let sequence = 0;
const next = () => (sequence += 1);

/** Makes a title with sensible defaults; tests override what they check. */
export async function newTitle(
  db: Kysely<Database>,
  overrides: Partial<Insertable<TitleTable>> = {},
): Promise<Insertable<TitleTable>> {
  await ensureCategory(
    db,
    overrides.main_category_id ?? 'test-main',
    overrides.subcategory_id ?? 'test-sub',
  );
  const n = next();
  const row: Insertable<TitleTable> = {
    content_id: `T${String(n).padStart(6, '0')}`,
    kind: 'movie',
    series_id: null,
    season_no: null,
    episode_no: null,
    name: `測試影片${n}`,
    synopsis: `測試影片${n}的簡介。`,
    year: 2024,
    country: 'TW',
    main_category_id: 'test-main',
    subcategory_id: 'test-sub',
    sell_type: 'FREE',
    dtr_price: 0,
    grade: '0+',
    is_sexual: 0,
    is_restricted: 0,
    kid_safe: 0,
    poster_path: 'images/posters/poster-01.jpg',
    still_path: 'images/stills/still-01.jpg',
    clip_id: 'clip-a',
    trailer_clip_id: null,
    duration_seconds: 30,
    on_shelf_at: 1_700_000_000,
    off_shelf_at: null,
    ...overrides,
  };
  await db.insertInto('title').values(row).execute();
  return row;
}

async function ensureCategory(db: Kysely<Database>, mainId: string, subId: string): Promise<void> {
  await db
    .insertInto('main_category')
    .values({ main_category_id: mainId, name: `分類 ${mainId}`, sort_order: 99 })
    .onConflict((oc) => oc.column('main_category_id').doNothing())
    .execute();
  await db
    .insertInto('subcategory')
    .values({
      subcategory_id: subId,
      main_category_id: mainId,
      name: `子分類 ${subId}`,
      sort_order: 99,
    })
    .onConflict((oc) => oc.column('subcategory_id').doNothing())
    .execute();
}

export async function newChannel(
  db: Kysely<Database>,
  overrides: Partial<Insertable<ChannelTable>> = {},
  groupId?: string,
): Promise<Insertable<ChannelTable>> {
  const n = next();
  const row: Insertable<ChannelTable> = {
    channel_id: `tch${n}`,
    name: `測試頻道${n}`,
    description: `測試頻道${n}的介紹`,
    pic_path: 'images/channels/channel-01.jpg',
    channel_type: '0',
    allow_web: 'Y',
    is_youtube: 'N',
    youtube_id: null,
    open_simple_play_page: 'N',
    play_right_type: 'FREE',
    clip_id: 'clip-a',
    sort_order: 100 + n,
    ...overrides,
  };
  await db.insertInto('channel').values(row).execute();
  if (groupId) {
    await db
      .insertInto('channel_group')
      .values({ channel_group_id: groupId, title: `群組 ${groupId}`, sort_order: 99 })
      .onConflict((oc) => oc.column('channel_group_id').doNothing())
      .execute();
    await db
      .insertInto('channel_group_member')
      .values({ channel_group_id: groupId, channel_id: row.channel_id, sort_order: 1 })
      .execute();
  }
  return row;
}

export async function newProgramme(
  db: Kysely<Database>,
  row: Insertable<ProgrammeTable>,
): Promise<void> {
  await db.insertInto('programme').values(row).execute();
}

/** A rental or purchase of a title for an account (commerce will grant these; tests make them). */
export async function newEntitlement(
  db: Kysely<Database>,
  input: {
    accountId: string;
    contentId: string;
    kind: 'rent' | 'buy';
    grantedAt: number;
    firstPlayedAt?: number;
  },
): Promise<void> {
  const rent = input.kind === 'rent';
  await db
    .insertInto('entitlement')
    .values({
      entitlement_id: `E${next()}`,
      account_id: input.accountId,
      content_id: input.contentId,
      kind: input.kind,
      granted_at: input.grantedAt,
      start_by: rent ? input.grantedAt + 168 * 3600 : null,
      watch_hours: rent ? 48 : null,
      first_played_at: input.firstPlayedAt ?? null,
      expires_at:
        rent && input.firstPlayedAt !== undefined ? input.firstPlayedAt + 48 * 3600 : null,
    })
    .execute();
}
