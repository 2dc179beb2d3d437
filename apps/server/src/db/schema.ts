import type { Generated } from 'kysely';

/**
 * Table types, one interface per table. Each table belongs to one module (DESIGN §1):
 * catalogue owns main_category, subcategory, title; live owns channel_group, channel,
 * channel_group_member, programme.
 */
export interface Database {
  main_category: MainCategoryTable;
  subcategory: SubcategoryTable;
  title: TitleTable;
  channel_group: ChannelGroupTable;
  channel: ChannelTable;
  channel_group_member: ChannelGroupMemberTable;
  programme: ProgrammeTable;
}

export interface MainCategoryTable {
  main_category_id: string;
  name: string;
  sort_order: number;
}

export interface SubcategoryTable {
  subcategory_id: string;
  main_category_id: string;
  name: string;
  sort_order: number;
}

export interface TitleTable {
  content_id: string;
  /** 'movie' | 'series' | 'episode' */
  kind: string;
  series_id: string | null;
  season_no: number | null;
  episode_no: number | null;
  name: string;
  synopsis: string;
  year: number;
  country: string;
  main_category_id: string;
  subcategory_id: string;
  sell_type: string;
  dtr_price: number;
  grade: string;
  is_sexual: number;
  is_restricted: number;
  kid_safe: number;
  poster_path: string;
  still_path: string;
  clip_id: string;
  trailer_clip_id: string | null;
  duration_seconds: number;
  /** Unix seconds; the title is listed from this moment. */
  on_shelf_at: number;
  off_shelf_at: number | null;
}

export interface ChannelGroupTable {
  channel_group_id: string;
  title: string;
  sort_order: number;
}

export interface ChannelTable {
  channel_id: string;
  name: string;
  description: string;
  pic_path: string;
  /** '0' not yet on air, '1' live, '9' ended (SPEC §4). */
  status: string;
  channel_type: string;
  allow_web: string;
  is_youtube: string;
  youtube_id: string | null;
  open_simple_play_page: string;
  play_right_type: string;
  clip_id: string | null;
  sort_order: number;
}

export interface ChannelGroupMemberTable {
  channel_group_id: string;
  channel_id: string;
  sort_order: number;
}

export interface ProgrammeTable {
  programme_id: Generated<number>;
  channel_id: string;
  /** Unix seconds. */
  start_at: number;
  end_at: number;
  name: string;
  description: string;
}
