import type { StaffAccess, StaffRole } from '@site/contract/console';
import { AppError } from '../../http/errors.js';

/** A signed-in staff member, as the console's calls see them. */
export interface Staff {
  staffId: string;
  email: string;
  roles: readonly StaffRole[];
  /** The console session's token hash (to end it, or keep it when ending the others). */
  sessionHash: string;
}

/**
 * The one place that decides who may make a console call (issue 22): a staff member signed in
 * with the second factor their roles need, holding one of the call's roles; an admin may make
 * every call. Customers' sessions never reach here: the console reads its own cookie only.
 */
export function requireStaff(staff: Staff | null, roles: readonly StaffRole[] | 'anyStaff'): Staff {
  if (!staff) throw new AppError('STAFF_NOT_SIGNED_IN');
  if (roles === 'anyStaff' || staff.roles.includes('admin')) return staff;
  if (!staff.roles.some((role) => roles.includes(role))) throw new AppError('STAFF_FORBIDDEN');
  return staff;
}

/** Whether a description's access lets this staff member (or nobody yet) in: for the OpenAPI text. */
export function describeAccess(access: StaffAccess): string {
  if (access.staff === 'signingIn') return 'anyone (signing in)';
  if (access.staff === 'anyStaff') return 'any signed-in staff member';
  return `staff roles: ${['admin', ...access.staff.filter((r) => r !== 'admin')].join(', ')}`;
}
