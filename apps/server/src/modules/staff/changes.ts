import type { Kysely } from 'kysely';
import type { StaffMember, StaffRole } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { hashPassword, verifyPassword } from '../accounts/password.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { findStaff, insertStaff, memberOf, type NewStaff } from './members.js';
import { endStaffSessions } from './sessions.js';

/** What the audit trail keeps of a staff member (never the password hash or the TOTP secret). */
function audited(member: StaffMember): Record<string, unknown> {
  return {
    email: member.email,
    displayName: member.displayName,
    roles: member.roles,
    disabled: member.disabled,
    secondFactorEnrolled: member.secondFactorEnrolled,
  };
}

export async function addStaff(
  db: Kysely<Database>,
  actor: Actor,
  input: NewStaff,
  passwordCost: number,
  now: number,
): Promise<StaffMember> {
  try {
    return await db.transaction().execute(async (trx) => {
      const member = memberOf(await insertStaff(trx, input, passwordCost, now));
      await recordChange(
        trx,
        actor,
        { entity: 'staff', entityId: member.staffId, before: null, after: audited(member) },
        now,
      );
      return member;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        [{ name: 'email', problem: 'taken' }],
        '這個電子郵件已有員工帳號。',
      );
    throw error;
  }
}

export interface StaffChange {
  version: number;
  displayName?: string | undefined;
  roles?: StaffRole[] | undefined;
  disabled?: boolean | undefined;
  resetSecondFactor?: true | undefined;
}

/**
 * Changes a staff member on the version the admin saw. A change of roles or access, or a reset
 * second factor, ends the member's console sessions, so the new rights apply at once. An admin
 * cannot take their own admin role or access away (the console would be left without its
 * keeper by one click).
 */
export async function changeStaff(
  db: Kysely<Database>,
  actor: Actor,
  staffId: string,
  change: StaffChange,
  now: number,
): Promise<StaffMember> {
  if (
    staffId === actor.staffId &&
    (change.disabled === true || (change.roles && !change.roles.includes('admin')))
  ) {
    throw new AppError('FORBIDDEN', undefined, '不能停用自己的帳號或移除自己的系統管理員角色。');
  }
  return db.transaction().execute(async (trx) => {
    const row = await findStaff(trx, staffId);
    if (!row) throw new AppError('NOT_FOUND');
    const before = memberOf(row);
    const next = {
      display_name: change.displayName ?? row.display_name,
      roles: change.roles ? [...new Set(change.roles)].join(',') : row.roles,
      disabled: change.disabled === undefined ? row.disabled : Number(change.disabled),
      ...(change.resetSecondFactor
        ? { totp_secret: null, totp_enrolled_at: null, totp_last_step: null }
        : {}),
    };
    const updated = await trx
      .updateTable('staff_member')
      .set((eb) => ({ ...next, version: eb('version', '+', 1) }))
      .where('staff_id', '=', staffId)
      .where('version', '=', change.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw staleEdit(audited(before), row.version);
    }
    const after = memberOf((await findStaff(trx, staffId))!);
    if (next.roles !== row.roles || next.disabled !== row.disabled || change.resetSecondFactor) {
      await endStaffSessions(trx, staffId);
    }
    await recordChange(
      trx,
      actor,
      { entity: 'staff', entityId: staffId, before: audited(before), after: audited(after) },
      now,
    );
    return after;
  });
}

/** One's own password; every other console session of the member ends. */
export async function changeOwnPassword(
  db: Kysely<Database>,
  actor: Actor & { sessionHash: string },
  input: { currentPassword: string; newPassword: string },
  passwordCost: number,
  now: number,
): Promise<void> {
  const row = await findStaff(db, actor.staffId);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw new AppError('BAD_INPUT', [{ name: 'currentPassword', problem: '目前的密碼不正確' }]);
  }
  const hash = await hashPassword(input.newPassword, passwordCost);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_member')
      .set((eb) => ({ password_hash: hash, version: eb('version', '+', 1) }))
      .where('staff_id', '=', actor.staffId)
      .execute();
    await endStaffSessions(trx, actor.staffId, actor.sessionHash);
    await recordChange(
      trx,
      actor,
      {
        entity: 'staff',
        entityId: actor.staffId,
        before: { password: '舊' },
        after: { password: '新' },
      },
      now,
    );
  });
}
