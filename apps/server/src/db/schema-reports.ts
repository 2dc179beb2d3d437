/** Tables of the reports module (migration 0042, docs/adr/0054-reports.md). */
export interface ReportTables {
  report_wallet_hour: ReportWalletHourTable;
  report_rollup: ReportRollupTable;
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

/** How far a rollup has been filled: every hour before `through_hour` is in it. */
export interface ReportRollupTable {
  name: string;
  through_hour: number;
}
