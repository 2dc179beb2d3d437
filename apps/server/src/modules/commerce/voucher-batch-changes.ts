import { sql, type Kysely } from 'kysely';
import { groupSerial, normaliseSerial } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { taipeiDateTime } from '../../taipei-time.js';
import { csvCell } from '../audit/csv.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { requireBatch } from './voucher-batch-reads.js';

/**
 * A batch after it is made (docs/adr/0045): exported once (again only as an audited re-export)
 * and voided whole or one serial at a time, never taking back what a redeemed serial granted.
 */

const bad = (name: string, problem: string) => new AppError('BAD_INPUT', [{ name, problem }]);

const SERIAL_STATE_LABELS = {
  open: '可兌換',
  redeemed: '已兌換',
  expired: '已逾期',
  voided: '已作廢',
} as const;

export const VOUCHER_CSV_HEADER = ['序號', '批次編號', '兌換期限（台北）', '狀態'];

/**
 * A batch's serials as CSV text (UTF-8 BOM, every cell quoted). The first export counts as the
 * export; any later one needs `reExport` and is recorded as a re-export. The count and the audit
 * entry are written in the transaction that reads the serials.
 */
export async function exportBatch(
  db: Kysely<Database>,
  actor: Actor,
  batchId: string,
  reExport: boolean,
  now: number,
): Promise<{ csv: string; exportNumber: number }> {
  return db.transaction().execute(async (trx) => {
    const batch = await requireBatch(trx, batchId);
    const counted = await trx
      .updateTable('voucher_batch')
      .set((eb) => ({
        export_count: eb('export_count', '+', 1),
        first_exported_at: eb.fn.coalesce('first_exported_at', sql.lit(now)),
      }))
      .where('batch_id', '=', batchId)
      .$if(!reExport, (q) => q.where('export_count', '=', 0))
      .returning(['export_count'])
      .executeTakeFirst();
    if (!counted) throw new AppError('VOUCHER_BATCH_EXPORTED');
    const exportNumber = Number(counted.export_count);
    await recordChange(
      trx,
      actor,
      {
        entity: 'voucher_batch',
        entityId: batchId,
        before: { exportCount: exportNumber - 1 },
        after: { exportCount: exportNumber, export: exportNumber === 1 ? 'export' : 're-export' },
      },
      now,
    );
    const serials = await trx
      .selectFrom('voucher')
      .select(['serial', 'redeemed_at', 'voided_at', 'valid_until'])
      .where('batch_id', '=', batchId)
      .orderBy('serial')
      .execute();
    const until = taipeiDateTime(Number(batch.valid_until));
    const lines = [`\uFEFF${VOUCHER_CSV_HEADER.map(csvCell).join(',')}`];
    for (const s of serials) {
      const state =
        s.redeemed_at !== null
          ? 'redeemed'
          : s.voided_at !== null
            ? 'voided'
            : Number(s.valid_until) <= now
              ? 'expired'
              : 'open';
      lines.push(
        [groupSerial(s.serial), batchId, until, SERIAL_STATE_LABELS[state]].map(csvCell).join(','),
      );
    }
    return { csv: `${lines.join('\r\n')}\r\n`, exportNumber };
  });
}

/** Voids every serial of the batch nobody has redeemed; redeemed ones keep their grant. */
export async function voidBatch(
  db: Kysely<Database>,
  actor: Actor,
  batchId: string,
  reason: string,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireBatch(trx, batchId);
    const batch = await trx
      .updateTable('voucher_batch')
      .set({ voided_at: now })
      .where('batch_id', '=', batchId)
      .where('voided_at', 'is', null)
      .returning('batch_id')
      .executeTakeFirst();
    if (!batch) throw new AppError('VOUCHER_BATCH_VOIDED');
    const result = await trx
      .updateTable('voucher')
      .set({ voided_at: now })
      .where('batch_id', '=', batchId)
      .where('redeemed_by', 'is', null)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    const voided = Number(result.numUpdatedRows);
    await recordChange(
      trx,
      actor,
      {
        entity: 'voucher_batch',
        entityId: batchId,
        before: { voidedAt: null },
        after: { voidedAt: now, voidedSerials: voided, reason },
      },
      now,
    );
    return voided;
  });
}

/** Voids one serial of the batch; a redeemed one is refused (its grant stays). */
export async function voidSerial(
  db: Kysely<Database>,
  actor: Actor,
  batchId: string,
  typed: string,
  reason: string,
  now: number,
): Promise<void> {
  const serial = normaliseSerial(typed);
  await db.transaction().execute(async (trx) => {
    await requireBatch(trx, batchId);
    const voided = await trx
      .updateTable('voucher')
      .set({ voided_at: now })
      .where('serial', '=', serial)
      .where('batch_id', '=', batchId)
      .where('redeemed_by', 'is', null)
      .where('voided_at', 'is', null)
      .returning('serial')
      .executeTakeFirst();
    if (!voided) {
      const row = await trx
        .selectFrom('voucher')
        .select(['redeemed_by', 'voided_at'])
        .where('serial', '=', serial)
        .where('batch_id', '=', batchId)
        .executeTakeFirst();
      if (!row) throw bad('serial', '這批序號中沒有這組序號。');
      throw new AppError(
        row.redeemed_by !== null ? 'VOUCHER_SERIAL_REDEEMED' : 'VOUCHER_SERIAL_VOIDED',
      );
    }
    await recordChange(
      trx,
      actor,
      {
        entity: 'voucher',
        entityId: serial,
        before: { voidedAt: null },
        after: { voidedAt: now, batchId, reason },
      },
      now,
    );
  });
}
