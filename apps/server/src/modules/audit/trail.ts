import type { Kysely, Selectable } from 'kysely';
import type { AuditEntry, StaffRole } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { AuditEntryTable } from '../../db/schema-staff.js';

/** Who made a change, through which console call: every console handler is handed one. */
export interface Actor {
  staffId: string;
  email: string;
  roles: readonly StaffRole[];
  /** `METHOD /console/api/path` with its `:params`, as the description names it. */
  call: string;
}

export interface Change {
  entity: string;
  entityId: string;
  /** The record before (null: it is new). Only the fields that differ are kept. */
  before: Record<string, unknown> | null;
  /** The record after (null: it was removed). */
  after: Record<string, unknown> | null;
}

/**
 * Records a console change in the audit trail. Call it with the transaction that makes the
 * change, so the two commit or roll back together (issue 22): a change without its entry, or an
 * entry without its change, cannot happen. When both sides are given only the fields that
 * differ are kept; nothing is recorded when nothing differs.
 */
export async function recordChange(
  db: Kysely<Database>,
  actor: Actor,
  change: Change,
  now: number,
): Promise<void> {
  const [before, after] = changedFields(change.before, change.after);
  if (change.before && change.after && Object.keys(after ?? {}).length === 0) return;
  await db
    .insertInto('audit_entry')
    .values({
      at: now,
      staff_id: actor.staffId,
      staff_email: actor.email,
      roles: actor.roles.join(','),
      call: actor.call,
      entity: change.entity,
      entity_id: change.entityId,
      before_json: before ? JSON.stringify(before) : null,
      after_json: after ? JSON.stringify(after) : null,
    })
    .execute();
}

function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): [Record<string, unknown> | null, Record<string, unknown> | null] {
  if (!before || !after) return [before, after];
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return [was, is];
}

export interface AuditFilter {
  entity?: string | undefined;
  entityId?: string | undefined;
  staffId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom('audit_entry');
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  if (filter.staffId) query = query.where('staff_id', '=', filter.staffId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
  return query;
}

type AuditRow = Selectable<AuditEntryTable>;

function entryOf(row: AuditRow): AuditEntry {
  return {
    auditId: Number(row.audit_id),
    at: Number(row.at),
    staffId: row.staff_id,
    staffEmail: row.staff_email,
    roles: row.roles.split(',').filter(Boolean) as StaffRole[],
    call: row.call,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before_json ? (JSON.parse(row.before_json) as Record<string, unknown>) : null,
    after: row.after_json ? (JSON.parse(row.after_json) as Record<string, unknown>) : null,
  };
}

/** A page of the trail, newest first. */
export async function searchAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('audit_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(entryOf), total: Number(count.total) };
}

/** Every matching entry, oldest first, a batch at a time (the CSV export streams them). */
export async function* auditEntries(
  db: Kysely<Database>,
  filter: AuditFilter,
  batch = 500,
): AsyncGenerator<AuditEntry> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, filter)
      .selectAll()
      .where('audit_id', '>', after)
      .orderBy('audit_id')
      .limit(batch)
      .execute();
    for (const row of rows) yield entryOf(row);
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]!.audit_id);
  }
}
