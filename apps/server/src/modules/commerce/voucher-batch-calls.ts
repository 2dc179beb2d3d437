import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleVoucherCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { registerConsoleCall, SENT } from '../staff/console-calls.js';
import { exportBatch, voidBatch, voidSerial } from './voucher-batch-changes.js';
import { findBatch, listBatches } from './voucher-batch-reads.js';
import { createBatch } from './voucher-batches.js';

/**
 * The console's voucher batch calls (issue 25 item 5, docs/adr/0045): commerce owns voucher and
 * voucher_batch, so it registers them. Marketing (and admin) make, export and void; the auditor
 * reads. Every change is audited in its own transaction (voucher-batches.ts).
 */
export function registerVoucherBatchConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;
  const batchOf = async (batchId: string) => {
    const batch = await findBatch(db, batchId, clock());
    if (!batch) throw notFound('找不到這批序號。');
    return batch;
  };

  registerConsoleCall(app, consoleVoucherCalls.listBatches, async ({ page, pageSize }) => ({
    ...(await listBatches(db, page, pageSize, clock())),
    page,
    pageSize,
  }));

  registerConsoleCall(app, consoleVoucherCalls.getBatch, async ({ batchId }) => ({
    batch: await batchOf(batchId),
  }));

  registerConsoleCall(app, consoleVoucherCalls.createBatch, async (input, { actor }) => ({
    batch: await createBatch(db, actor, input, clock()),
  }));

  registerConsoleCall(
    app,
    consoleVoucherCalls.exportBatch,
    async ({ batchId, reExport }, { actor, reply }) => {
      const { csv, exportNumber } = await exportBatch(db, actor, batchId, reExport, clock());
      const name = exportNumber === 1 ? batchId : `${batchId}-reexport-${exportNumber - 1}`;
      await reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .header('x-export-number', String(exportNumber))
        .send(csv);
      return SENT;
    },
  );

  registerConsoleCall(
    app,
    consoleVoucherCalls.voidBatch,
    async ({ batchId, reason }, { actor }) => {
      const voided = await voidBatch(db, actor, batchId, reason, clock());
      return { batch: await batchOf(batchId), voided };
    },
  );

  registerConsoleCall(
    app,
    consoleVoucherCalls.voidSerial,
    async ({ batchId, serial, reason }, { actor }) => {
      await voidSerial(db, actor, batchId, serial, reason, clock());
      return { batch: await batchOf(batchId) };
    },
  );
}
