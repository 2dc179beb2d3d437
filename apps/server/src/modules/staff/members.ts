import type { Kysely, Selectable } from 'kysely';
import {
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
  type StaffSelf,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { StaffMemberTable } from '../../db/schema-staff.js';
import { newId } from '../accounts/tokens.js';
import { hashPassword } from '../accounts/password.js';

export type StaffRow = Selectable<StaffMemberTable>;

export function rolesOf(row: Pick<StaffRow, 'roles'>): StaffRole[] {
  return row.roles
    .split(',')
    .filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role));
}

export function selfOf(row: StaffRow): StaffSelf {
  return {
    staffId: row.staff_id,
    email: row.email,
    displayName: row.display_name,
    roles: rolesOf(row),
  };
}

export function memberOf(row: StaffRow): StaffMember {
  return {
    ...selfOf(row),
    disabled: row.disabled === 1,
    secondFactorEnrolled: row.totp_enrolled_at !== null,
    lastSignInAt: row.last_sign_in_at,
    version: row.version,
  };
}

export async function findStaffByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_member').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findStaff(
  db: Kysely<Database>,
  staffId: string,
): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff_member')
    .selectAll()
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
}

export async function listStaff(db: Kysely<Database>): Promise<StaffRow[]> {
  return db.selectFrom('staff_member').selectAll().orderBy('email').execute();
}

export interface NewStaff {
  email: string;
  displayName: string;
  roles: readonly StaffRole[];
  password: string;
}

/** Inserts a staff member; the e-mail is unique (a second one is a CONFLICT for the caller). */
export async function insertStaff(
  db: Kysely<Database>,
  input: NewStaff,
  passwordCost: number,
  now: number,
): Promise<StaffRow> {
  const row = {
    staff_id: newId('st_'),
    email: input.email.trim().toLowerCase(),
    display_name: input.displayName,
    password_hash: await hashPassword(input.password, passwordCost),
    roles: [...new Set(input.roles)].join(','),
    totp_secret: null,
    totp_enrolled_at: null,
    totp_last_step: null,
    last_sign_in_at: null,
    created_at: now,
  };
  await db.insertInto('staff_member').values(row).execute();
  return { ...row, disabled: 0, version: 0 };
}
