import type { Kysely } from 'kysely';
import type { StaffRole } from '@site/contract/console';
import type { Database } from '../db/schema.js';
import { insertStaff } from '../modules/staff/members.js';

/**
 * One demo staff member per console role (README "Demo console staff"). Their password is
 * published, so they exist only where the demo seed runs (never under NODE_ENV=production, which
 * refuses SEED_ON_START). The admin and finance members enrol an authenticator at first sign-in.
 */
export const DEMO_STAFF_PASSWORD = 'console-demo-2026';

export const demoStaff: { email: string; displayName: string; role: StaffRole }[] = [
  { email: 'admin@console.example', displayName: '系統管理員 王大明', role: 'admin' },
  { email: 'editor@console.example', displayName: '內容編輯 林小華', role: 'content_editor' },
  { email: 'scheduler@console.example', displayName: '頻道排程 陳志明', role: 'channel_scheduler' },
  { email: 'marketing@console.example', displayName: '行銷 黃美玲', role: 'marketing' },
  { email: 'care@console.example', displayName: '客服 張雅婷', role: 'customer_care' },
  { email: 'finance@console.example', displayName: '財務 李建國', role: 'finance' },
  { email: 'auditor@console.example', displayName: '稽核 吳淑芬', role: 'auditor' },
];

/** Adds each demo staff member once; an existing e-mail is left as it is. */
export async function seedDemoStaff(
  db: Kysely<Database>,
  cost: number,
  now: number,
): Promise<number> {
  const existing = new Set(
    (await db.selectFrom('staff_member').select('email').execute()).map((row) => row.email),
  );
  let added = 0;
  for (const member of demoStaff) {
    if (existing.has(member.email)) continue;
    await insertStaff(
      db,
      { ...member, roles: [member.role], password: DEMO_STAFF_PASSWORD },
      cost,
      now,
    );
    added += 1;
  }
  return added;
}
