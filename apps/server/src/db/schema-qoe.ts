/** Tables of the qoe module (migration 0043, docs/adr/0055): aggregates only, no raw beacons. */
export interface QoeTables {
  qoe_hourly: QoeHourlyTable;
  qoe_daily: QoeHourlyTable;
  qoe_hour_device: QoeHourDeviceTable;
  qoe_recent: QoeRecentTable;
  qoe_error_hourly: QoeErrorHourlyTable;
}

export const START_BUCKET_COLUMNS = [
  'start_b00', 'start_b01', 'start_b02', 'start_b03', 'start_b04', 'start_b05', 'start_b06',
  'start_b07', 'start_b08', 'start_b09', 'start_b10', 'start_b11', 'start_b12', 'start_b13',
  'start_b14', 'start_b15', 'start_b16', 'start_b17', 'start_b18', 'start_b19', 'start_b20',
  'start_b21', 'start_b22', 'start_b23', 'start_b24', 'start_b25', 'start_b26', 'start_b27',
  'start_b28', 'start_b29', 'start_b30', 'start_b31',
] as const; // prettier-ignore
export type StartBucketColumn = (typeof START_BUCKET_COLUMNS)[number];

/** What every aggregate row counts (added to on each write, never overwritten). */
export type QoeCounts = {
  /** Sessions started (play attempts). */
  sessions: number;
  /** Start times measured: the sum of the buckets. */
  starts: number;
  watch_ms: number;
  stall_ms: number;
  stall_count: number;
  bitrate_switches: number;
  /** Sessions ended by a fatal error. */
  fatals: number;
  /** Errors retried (not fatal). */
  errors: number;
} & Record<StartBucketColumn, number>;

/** One hour (qoe_daily: one UTC day) × what was played × device type. */
export type QoeHourlyTable = QoeCounts & {
  /** Unix seconds of the hour's start. */
  period_start: number;
  /** 'VOD' (a title) | 'LIVE' (a channel) */
  play_type: string;
  content_id: string;
  /** SPEC §3 deviceType, from the User-Agent (ADR 0008). */
  device_type: string;
};

/** One hour × play type × device type (what was played left out). */
export type QoeHourDeviceTable = QoeCounts & {
  period_start: number;
  play_type: string;
  device_type: string;
};

/** One minute, everything together: the alert's last 15 minutes; kept a day. */
export type QoeRecentTable = QoeCounts & { period_start: number };

/** Errors by SPEC §8 code, per hour × what was played × device type. */
export interface QoeErrorHourlyTable {
  period_start: number;
  play_type: string;
  content_id: string;
  device_type: string;
  code: number;
  errors: number;
  fatals: number;
}
