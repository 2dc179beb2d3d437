/**
 * The operator's staff roles (issue 22). A console call names the roles that may make it; an
 * admin may make every call (docs/adr/0036-staff-and-console.md).
 */
export const STAFF_ROLES = [
  'admin',
  'content_editor',
  'channel_scheduler',
  'marketing',
  'customer_care',
  'finance',
  'auditor',
] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** How the console names each role. */
export const STAFF_ROLE_LABELS = {
  admin: '系統管理員',
  content_editor: '內容編輯',
  channel_scheduler: '頻道排程',
  marketing: '行銷',
  customer_care: '客服',
  finance: '財務',
  auditor: '稽核（唯讀）',
} as const satisfies Record<StaffRole, string>;

/** Roles whose members must use a second factor (TOTP), enrolled on their first sign-in. */
export const SECOND_FACTOR_ROLES: readonly StaffRole[] = ['admin', 'finance'];

export function needsSecondFactor(roles: readonly StaffRole[]): boolean {
  return roles.some((role) => SECOND_FACTOR_ROLES.includes(role));
}
