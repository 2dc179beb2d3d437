/** Tables of the reports module (migrations 0042 and 0044, docs/adr/0054-reports.md). */
export interface ReportTables {
  report_wallet_hour: ReportWalletHourTable;
  report_rollup: ReportRollupTable;
  report_viewing_day: ReportViewingDayTable;
  report_viewer_day: ReportViewerDayTable;
  report_audience_day: ReportAudienceDayTable;
}

/** wallet_entry summed per UTC hour (Unix seconds / 3600), purse and reason. */
export interface ReportWalletHourTable {
  hour: number;
  purse: string;
  reason: string;
  entries: number;
  amount: number;
  /** Distinct sources of the hour's rows (for 'refund': the orders refunded). */
  sources: number;
}

/**
 * How far a rollup has been filled: 'wallet_hour' holds every hour before `through_hour`,
 * 'viewing_day' every play kept (viewing_play.kept_at) before it.
 */
export interface ReportRollupTable {
  name: string;
  through_hour: number;
}

/**
 * Kept plays summed per Taipei day (`day_start`, its midnight in Unix seconds), kind, and what
 * the play counts for: the channel, the title, or an episode's series.
 */
export interface ReportViewingDayTable {
  day_start: number;
  playing_kind: 'title' | 'channel';
  counted_id: string;
  plays: number;
  seconds: number;
}

/**
 * A viewer (sub-account) who played anything on a Taipei day, with the viewer's previous such
 * day (0: none), so the distinct viewers of a period are the rows in it whose previous day is
 * before it.
 */
export interface ReportViewerDayTable {
  sub_account_uid: string;
  day_start: number;
  prev_day: number;
}

/** The same per title (an episode's series) or channel: its distinct viewers over a period. */
export interface ReportAudienceDayTable {
  sub_account_uid: string;
  playing_kind: 'title' | 'channel';
  counted_id: string;
  day_start: number;
  prev_day: number;
}
