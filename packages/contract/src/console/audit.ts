import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';
import { staffRoleSchema } from './staff.js';

export const auditEntrySchema = z.object({
  auditId: z.number().int(),
  /** Unix seconds. */
  at: z.number().int(),
  staffId: z.string(),
  staffEmail: z.string(),
  /** The roles the staff member held when making the change. */
  roles: z.array(staffRoleSchema),
  /** The console call, e.g. `PATCH /console/api/titles/:contentId`. */
  call: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The changed fields before and after (null: created, or deleted). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const unixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

export const auditFilterSchema = z.object({
  entity: z.string().max(40).optional(),
  entityId: z.string().max(120).optional(),
  staffId: z.string().max(60).optional(),
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
});

export const auditSearchSchema = auditFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const consoleAuditCalls = {
  search: describeConsoleCall({
    method: 'GET',
    path: '/console/api/audit',
    summary: 'The audit trail, newest first, by entity, staff member and time',
    tags: ['console: audit'],
    input: auditSearchSchema,
    reply: envelopeOf(
      z.object({
        entries: z.array(auditEntrySchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    ),
    access: { staff: ['admin', 'auditor'] },
  }),
  exportCsv: describeConsoleCall({
    method: 'GET',
    path: '/console/api/audit.csv',
    summary:
      'The audit trail as CSV (UTF-8 with BOM; cells that a spreadsheet would run are quoted as text)',
    tags: ['console: audit'],
    input: auditFilterSchema,
    reply: z.string(),
    access: { staff: ['admin', 'auditor'] },
  }),
} as const;
