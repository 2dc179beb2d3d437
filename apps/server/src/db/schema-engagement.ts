import type { Generated } from 'kysely';

/** Tables of the engagement module and the activity log (migration 0017, docs/adr/0026). */
export interface EngagementTables {
  draw_activity: DrawActivityTable;
  draw_prize: DrawPrizeTable;
  draw: DrawTable;
  draw_account: DrawAccountTable;
  draw_winner: DrawWinnerTable;
  inbox_message: InboxMessageTable;
  inbox_status: InboxStatusTable;
  announcement: AnnouncementTable;
  announcement_seen: AnnouncementSeenTable;
  sas_log: SasLogTable;
}

/** A red-envelope prize draw on one channel: open from start_at until end_at (Unix seconds). */
export interface DrawActivityTable {
  activity_id: string;
  channel_id: string;
  start_at: number;
  end_at: number;
  /** Chance of a prize per draw while prizes remain, in thousandths (1000 = every draw wins). */
  odds_per_mille: number;
  created_at: number;
  /** The console's name for it; '' for seeded ones (migration 0037, docs/adr/0049). */
  title: Generated<string>;
  /** Who may draw: 'all' adult members, or 'service' (a monthly service paid at the draw). */
  eligibility: Generated<string>;
  /** Edits are made on the version seen. */
  version: Generated<number>;
  created_by: string | null;
  updated_at: number | null;
}

/** One prize of an activity's pool: `remaining` of `quantity` are left (never below 0). */
export interface DrawPrizeTable {
  prize_id: string;
  activity_id: string;
  name: string;
  quantity: number;
  remaining: number;
  sort_order: number;
}

/** One draw of a sub-account in an activity (draw_account makes it one per member account). */
export interface DrawTable {
  activity_id: string;
  sub_account_uid: string;
  account_id: string;
  /** The prize won; null when nothing was won. */
  prize_id: string | null;
  drawn_at: number;
}

/**
 * A member account's one draw in an activity, whichever of its sub-accounts made it (migration
 * 0020): the primary key (account_id, activity_id) is what limits draws per account.
 */
export interface DrawAccountTable {
  account_id: string;
  activity_id: string;
  sub_account_uid: string;
  drawn_at: number;
}

/** The operator's list of winners: who won what, when (written with the draw, append-only). */
export interface DrawWinnerTable {
  activity_id: string;
  sub_account_uid: string;
  account_id: string;
  prize_id: string;
  prize_name: string;
  won_at: number;
}

/** A message to one member account, or to every member when account_id is null. */
export interface InboxMessageTable {
  msg_id: string;
  account_id: string | null;
  title: string;
  content: string;
  sent_at: number;
  /** SPEC §2 link string of the title the message points at; null: none (migration 0019). */
  link: string | null;
  /**
   * Who a message without account_id is for (migration 0034): null or 'all' everyone, 'service'
   * a monthly service paid past sent_at, 'rentalEnding' a rental ending within audience_days.
   */
  audience: string | null;
  audience_days: number | null;
  /** The staff member who sent it from the console; null: seeded or imported. */
  created_by: string | null;
  created_at: number | null;
}

/** A user's (sub-account's) state of a message; no row = unread. */
export interface InboxStatusTable {
  msg_id: string;
  sub_account_uid: string;
  /** 'read' | 'deleted' */
  status: string;
  updated_at: number;
}

/** An announcement shown once to each user between start_at and end_at. */
export interface AnnouncementTable {
  announce_id: string;
  title: string;
  content: string;
  start_at: number;
  end_at: number;
  /** Edits are made on the version seen (migration 0034). */
  version: Generated<number>;
  created_by: string | null;
  updated_at: number | null;
}

export interface AnnouncementSeenTable {
  announce_id: string;
  sub_account_uid: string;
  seen_at: number;
}

/** One entry of the activity log (SPEC §7 InsertSASLog); rows are only ever inserted. */
export interface SasLogTable {
  log_id: Generated<number>;
  user_agent: string;
  /** 'MobileWeb' | 'Web' */
  user_platform: string;
  function_code: string;
  device_id: string;
  appendix: string;
  /** The signed-in sub-account; null for visitors. */
  sub_account_uid: string | null;
  received_at: number;
}
