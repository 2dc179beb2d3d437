/** Tables of the devices module (migration 0029, docs/adr/0042). */
export interface DeviceTables {
  registered_device: RegisteredDeviceTable;
  stream_lease: StreamLeaseTable;
  viewing_play: ViewingPlayTable;
}

/** A browser or app install registered to an account; the member knows it by `device_key`. */
export interface RegisteredDeviceTable {
  device_key: string;
  account_id: string;
  device_id: string;
  custom_name: string | null;
  agent_name: string;
  device_type: string;
  registered_at: number;
  last_seen_at: number;
}

/** One stream: live while not ended and before expires_at, renewed by heartbeats and bookmarks. */
export interface StreamLeaseTable {
  stream_id: string;
  account_id: string;
  device_id: string;
  sub_account_uid: string;
  playing_kind: 'title' | 'channel';
  playing_id: string;
  started_at: number;
  renewed_at: number;
  expires_at: number;
  ended_at: number | null;
  end_reason: 'stopped' | 'replaced' | 'removed' | null;
}

/**
 * A stream lease kept for the reports after the lease itself is deleted (migration 0042,
 * docs/adr/0054): who played what, when it started and how many seconds it was held.
 */
export interface ViewingPlayTable {
  stream_id: string;
  account_id: string;
  sub_account_uid: string;
  playing_kind: 'title' | 'channel';
  playing_id: string;
  started_at: number;
  seconds: number;
  /**
   * When it was kept (migration 0044): the viewing rollup's watermark is on this, since a play
   * is kept a day after its lease ended, long after started_at. 0 for plays kept before 0044.
   */
  kept_at: number;
}
