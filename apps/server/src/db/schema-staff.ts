import type { Generated } from 'kysely';

/** Tables of the staff and audit modules, added by migration 0024 (docs/adr/0036). */
export interface StaffTables {
  staff_member: StaffMemberTable;
  staff_session: StaffSessionTable;
  audit_entry: AuditEntryTable;
}

export interface StaffMemberTable {
  staff_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  /** Comma-separated staff roles (contract console/roles.ts). */
  roles: string;
  /** Base32 TOTP secret; set when enrolment starts, trusted once `totp_enrolled_at` is set. */
  totp_secret: string | null;
  totp_enrolled_at: number | null;
  /** The last TOTP time step accepted: a code is never taken twice. */
  totp_last_step: number | null;
  disabled: Generated<number>;
  last_sign_in_at: number | null;
  created_at: number;
  /** Bumped by every change: an edit made on an older version is refused (STALE_EDIT). */
  version: Generated<number>;
}

export interface StaffSessionTable {
  /** sha256 of the console cookie's token. */
  token_hash: string;
  staff_id: string;
  /** 0 until the second factor is given, for roles that need one. */
  second_factor_done: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** Append-only: triggers refuse UPDATE and DELETE on both databases. */
export interface AuditEntryTable {
  audit_id: Generated<number>;
  at: number;
  staff_id: string;
  staff_email: string;
  roles: string;
  call: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
}
