import type { Generated } from 'kysely';
import type { AdsTables } from './schema-ads.js';
import type { CommerceTables } from './schema-commerce.js';
import type { EngagementTables } from './schema-engagement.js';
import type { LiveTables } from './schema-live.js';
import type { MediaTables } from './schema-media.js';
import type { StaffTables } from './schema-staff.js';
import type { DeviceTables } from './schema-devices.js';
import type { TelemetryTables } from './schema-telemetry.js';
import type { QoeTables } from './schema-qoe.js';
import type { ReportTables } from './schema-reports.js';

/**
 * Table types, one interface per table. Each table belongs to one module (DESIGN §1):
 * catalogue owns main_category, subcategory, title; live owns channel_group, channel,
 * channel_group_member, programme.
 */
export interface Database
  extends
    CommerceTables,
    AdsTables,
    TelemetryTables,
    QoeTables,
    LiveTables,
    EngagementTables,
    StaffTables,
    DeviceTables,
    ReportTables,
    MediaTables {
  main_category: MainCategoryTable;
  subcategory: SubcategoryTable;
  title: TitleTable;
  channel_group: ChannelGroupTable;
  channel: ChannelTable;
  channel_group_member: ChannelGroupMemberTable;
  programme: ProgrammeTable;
  account: AccountTable;
  password_reset: PasswordResetTable;
  sign_up_confirmation: SignUpConfirmationTable;
  sub_account: SubAccountTable;
  session: SessionTable;
  rate_limit: RateLimitTable;
  auth_throttle: AuthThrottleTable;
  known_device: KnownDeviceTable;
  partner_binding: PartnerBindingTable;
  person: PersonTable;
  title_person: TitlePersonTable;
  curated_group: CuratedGroupTable;
  curated_group_title: CuratedGroupTitleTable;
  ux_category: UxCategoryTable;
  ux_menu: UxMenuTable;
  wording: WordingTable;
  hot_keyword: HotKeywordTable;
  icon_hint_seen: IconHintSeenTable;
  to_view_item: ListMembershipTable;
  favorite_item: ListMembershipTable;
  watch_position: WatchPositionTable;
  view_record: ViewRecordTable;
  view_record_count: ViewRecordCountTable;
  entitlement: EntitlementTable;
  search_term: SearchTermTable;
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
  /** 'draft' (never shown to customers) | 'published' (migration 0026, docs/adr/0038). */
  state: Generated<string>;
  /** Bumped by every console edit; an edit names the version it was made on. */
  version: Generated<number>;
  /** Unix seconds of the last console change (the shelf date for titles older than 0026). */
  updated_at: Generated<number>;
  /** The uploaded banner picture under the media folder (null: none; pages use the still). */
  banner_path: string | null;
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
  /** '0' plays only while live; '1' an event channel that plays at any time. */
  channel_type: string;
  allow_web: string;
  is_youtube: string;
  youtube_id: string | null;
  open_simple_play_page: string;
  play_right_type: string;
  clip_id: string | null;
  sort_order: number;
  /**
   * The air window (Unix seconds) its status follows (SPEC §4): '0' before the start, '9' from
   * the end, '1' between; null: open (migration 0016 turned stored statuses into windows).
   */
  air_start_at: number | null;
  air_end_at: number | null;
  /** Bits per second; renditions above it stay off (SPEC §5). */
  max_bitrate: Generated<number>;
  /** What logs and bookmarks call its content ('' → the channel id). */
  content_id: Generated<string>;
  twitch_login: string | null;
  /** SVOD: the monthly service whose subscribers may watch. */
  service_id: string | null;
  sponsor_logo_path: string | null;
  /** 'UR' upper right, 'L' left. */
  sponsor_logo_position: Generated<string>;
  /** 1: the sponsor logo shows; 0: kept but off (migration 0035, docs/adr/0047). */
  sponsor_logo_shown: Generated<number>;
  /** Bumped by every console edit; an edit names the version it was made on (migration 0035). */
  version: Generated<number>;
  /** Clips the origin plays out in turn, comma separated; '' → clip_id alone. */
  playout_clip_ids: Generated<string>;
  /** Bumped by every schedule import, so each instance rebuilds its playout. */
  schedule_rev: Generated<number>;
  /** 1: suitable for kids, shown to a kid sub-account (migration 0022, docs/adr/0028). */
  kid_safe: Generated<number>;
  /** Hours back its programmes may be played from their start; 0: none (migration 0031, docs/adr/0043). */
  catchup_hours: Generated<number>;
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
  /** 1: no start over or catch-up for this programme (migration 0031, docs/adr/0043). */
  catchup_blackout: Generated<number>;
  /** A media library clip it plays; null: the channel's playout clips (migration 0036, docs/adr/0048). */
  clip_id: Generated<string | null>;
}

/** Owned by the accounts module. */
export interface AccountTable {
  account_id: string;
  /** Lower-cased e-mail or mobile number. */
  login_id: string;
  password_hash: string;
  kid_pin_hash: string | null;
  created_at: number;
  password_changed_at: number;
  /** Contact e-mail, lower-cased, unique across accounts (migration 0028); null: none. */
  email: string | null;
  /** Contact mobile number (09 and eight digits); null: none. */
  phone: string | null;
}

/** A password-reset link (migration 0027): single-use, stored by the token's hash. */
export interface PasswordResetTable {
  token_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A sign-up waiting for its link or code (migration 0032, docs/adr/0044). */
export interface SignUpConfirmationTable {
  confirmation_id: string;
  login_id: string;
  secret_hash: string;
  password_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  attempts: Generated<number>;
}

export interface SubAccountTable {
  sub_account_uid: string;
  account_id: string;
  /** 1–5, unique per account: the five-sub-account limit. */
  slot: number;
  nickname: string;
  /** '1' = kid mode (SPEC §3). */
  kidmode: string;
  icon_idx: number;
  is_primary: number;
  filter_restrict: string;
  created_at: number;
}

export interface SessionTable {
  /** SHA-256 of the token; the token itself is only ever in the cookie or the app. */
  session_hash: string;
  /** 'web' (cookie) or 'sso' (the apps' ssoSession token). */
  kind: string;
  account_id: string;
  sub_account_uid: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  device_type: string;
  /** The registered device it was opened on (migration 0029); null for older sessions. */
  device_id: string | null;
}

export interface RateLimitTable {
  bucket: string;
  window_start: number;
  hits: number;
}

/** Owned by the accounts module: failures of one guessed secret (docs/adr/0017). */
export interface AuthThrottleTable {
  /** e.g. login:<loginId>, login-device:<hash>, owner:<accountId>, kid-pin:<accountId>. */
  bucket: string;
  /** Attempts let through and not (yet) succeeded. */
  failures: number;
  /** Unix seconds; attempts before this are refused. */
  next_allowed_at: number;
  /** 1: refused until the owner's password lifts it (the kid PIN). */
  locked: number;
  updated_at: number;
}

/** Owned by the accounts module: a browser that has logged in to the account (its cookie's hash). */
export interface KnownDeviceTable {
  device_hash: string;
  account_id: string;
  created_at: number;
}

export interface PartnerBindingTable {
  partner: string;
  partner_account_id: string;
  account_id: string;
  reserve_type: string;
  bound_at: number;
}

/** Owned by the catalogue module. People are SPEC's "characters" (cast and crew). */
export interface PersonTable {
  person_id: string;
  name: string;
  picture_path: string | null;
}

export interface TitlePersonTable {
  content_id: string;
  person_id: string;
  /** 'actor' | 'director' */
  role: string;
  sort_order: number;
}

export interface CuratedGroupTable {
  group_id: string;
  name: string;
  ux_category_id: string | null;
  sort_order: number;
}

export interface CuratedGroupTitleTable {
  group_id: string;
  content_id: string;
  sort_order: number;
}

export interface UxCategoryTable {
  ux_category_id: string;
  name: string;
  main_category_id: string | null;
  kid_safe: number;
  sort_order: number;
}

export interface UxMenuTable {
  menu_id: string;
  name: string;
  /** 'category' (target: main category), 'uxCategory', 'group', 'link' (target: a site path). */
  menu_type: string;
  target: string;
  kid_safe: number;
  sort_order: number;
}

export interface WordingTable {
  code: string;
  group_code: string;
  wording: string;
  sort_order: number;
  /** Migration 0039 (console edits, docs/adr/0051). */
  version: Generated<number>;
  previous_wording: string | null;
  updated_at: number | null;
  updated_by: string | null;
}

export interface HotKeywordTable {
  keyword: string;
  rank: number;
}

export interface IconHintSeenTable {
  sub_account_uid: string;
  hint_id: string;
  seen_at: number;
}

/** Owned by the search module: the keys of title and person names (modules/search/terms.ts). */
export interface SearchTermTable {
  /** 'title' | 'cast' | 'person' */
  kind: string;
  /** content_id for 'title' and 'cast' rows, person_id for 'person' rows. */
  owner_id: string;
  /** A normalised character, pair of characters, or suffix of three or more. */
  term: string;
  /** Match class, best first (modules/search/terms.ts RANK). */
  rank: number;
  name: string;
  /** Copies of the title's visibility: 2 kid-safe, 1 general, 0 restricted or sexual. */
  audience: number;
  on_shelf_at: number;
  off_shelf_at: number | null;
}

/** Owned by the lists module: the to-view list and favorites share one shape. */
export interface ListMembershipTable {
  sub_account_uid: string;
  content_id: string;
  added_at: number;
}

export interface WatchPositionTable {
  sub_account_uid: string;
  /** The movie or episode played. */
  content_id: string;
  /** The movie, or the episode's series: what lists show. */
  title_id: string;
  position_seconds: number;
  duration_seconds: number;
  client_seq: number;
  finished: number;
  /** Removed from continue watching (history keeps it); a newer heartbeat brings it back. */
  hidden: number;
  updated_at: number;
}

export interface ViewRecordTable {
  sub_account_uid: string;
  title_id: string;
  last_content_id: string;
  last_viewed_at: number;
  /** A copy of the title's audience level (modules/catalogue/audience.ts). */
  audience: number;
  /**
   * 1 while the position of `last_content_id` is neither finished nor hidden (the record is in
   * continue watching), else 0; kept by every write of a position or a record (migration 0023).
   */
  continue_watching: Generated<number>;
}

/**
 * Per sub-account and audience level: how many history records, and how many of them are in
 * continue watching. Kept by triggers on view_record (migration 0023); nothing writes it itself.
 */
export interface ViewRecordCountTable {
  sub_account_uid: string;
  audience: number;
  records: number;
  watching: number;
}

/** Owned by the commerce module (rentals and purchases); the lists module reads it. */
export interface EntitlementTable {
  entitlement_id: string;
  account_id: string;
  content_id: string;
  /** 'rent' | 'buy' */
  kind: string;
  granted_at: number;
  /** Rentals: must be started before this (granted + 168 h). */
  start_by: number | null;
  /** Rentals: hours to finish once started (48). */
  watch_hours: number | null;
  first_played_at: number | null;
  /** Rentals once started: first play + watch hours. */
  expires_at: number | null;
  /** The order or voucher that granted it ('order:…', 'voucher:…'); unique (migration 0012). */
  source: string | null;
}
