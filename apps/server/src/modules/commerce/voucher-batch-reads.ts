import { type Kysely, type Selectable } from 'kysely';
import {
  type VoucherBatch,
  type VoucherBatchFigures,
  type VoucherChannel,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { VoucherBatchTable } from '../../db/schema-commerce.js';
import { notFound } from '../../http/errors.js';

/**
 * Voucher batches as the console reads them (docs/adr/0045): each batch with its grants and its
 * figures (issued, redeemed, expired, voided), counted from the voucher_by_batch index.
 */

export type BatchRow = Selectable<VoucherBatchTable>;

/** A batch's fields as its audit entries record them. */
export function auditFields(batch: BatchRow) {
  return {
    name: batch.name,
    kind: batch.kind,
    contentId: batch.content_id,
    serviceId: batch.service_id,
    amount: batch.amount,
    creditDays: batch.credit_days,
    validUntil: Number(batch.valid_until),
    channel: batch.channel,
    quantity: batch.quantity,
  };
}

/** Each batch's figures, counted from the voucher_by_batch index. */
async function figuresOf(
  db: Kysely<Database>,
  batches: readonly BatchRow[],
  now: number,
): Promise<Map<string, VoucherBatchFigures>> {
  const figures = new Map<string, VoucherBatchFigures>();
  if (batches.length === 0) return figures;
  const rows = await db
    .selectFrom('voucher')
    .select((eb) => [
      'batch_id',
      eb.fn.countAll<number>().as('issued'),
      eb.fn.count<number>('redeemed_at').as('redeemed'),
      eb.fn.count<number>('voided_at').as('voided'),
    ])
    .where(
      'batch_id',
      'in',
      batches.map((b) => b.batch_id),
    )
    .groupBy('batch_id')
    .execute();
  const counted = new Map(rows.map((r) => [r.batch_id, r]));
  for (const batch of batches) {
    const r = counted.get(batch.batch_id);
    const issued = Number(r?.issued ?? 0);
    const redeemed = Number(r?.redeemed ?? 0);
    const voided = Number(r?.voided ?? 0);
    const left = issued - redeemed - voided;
    const expired = Number(batch.valid_until) <= now ? left : 0;
    figures.set(batch.batch_id, { issued, redeemed, expired, voided, open: left - expired });
  }
  return figures;
}

async function grantsOf(db: Kysely<Database>, batch: BatchRow, choices: string[]) {
  const names = new Map(
    (
      await db
        .selectFrom('title')
        .select(['content_id', 'name'])
        .where('content_id', 'in', [...choices, batch.content_id ?? ''])
        .execute()
    ).map((t) => [t.content_id, t.name]),
  );
  const titleName = (id: string) => `${names.get(id) ?? id}（${id}）`;
  switch (batch.kind) {
    case 'title':
      return `單片租借：${titleName(batch.content_id ?? '')}`;
    case 'title_choice':
      return `單片租借，${choices.length} 選 1：${choices.map(titleName).join('、')}`;
    case 'service': {
      const service = await db
        .selectFrom('monthly_service')
        .select(['name', 'period_days'])
        .where('service_id', '=', batch.service_id ?? '')
        .executeTakeFirst();
      return `月租服務：${service?.name ?? batch.service_id}（${service?.period_days ?? '?'} 天）`;
    }
    case 'stored_value':
      return `儲值金 NT$${Number(batch.amount).toLocaleString('en-US')}`;
    case 'viewing_credit':
      return `看片金 NT$${Number(batch.amount).toLocaleString('en-US')}，兌換後 ${batch.credit_days} 天內有效`;
  }
}

async function present(
  db: Kysely<Database>,
  batches: BatchRow[],
  now: number,
): Promise<VoucherBatch[]> {
  const figures = await figuresOf(db, batches, now);
  const choiceRows =
    batches.length === 0
      ? []
      : await db
          .selectFrom('voucher_batch_choice')
          .select(['batch_id', 'content_id'])
          .where(
            'batch_id',
            'in',
            batches.map((b) => b.batch_id),
          )
          .orderBy('content_id')
          .execute();
  return Promise.all(
    batches.map(async (batch) => {
      const choices = choiceRows
        .filter((c) => c.batch_id === batch.batch_id)
        .map((c) => c.content_id);
      return {
        batchId: batch.batch_id,
        name: batch.name,
        kind: batch.kind,
        grants: await grantsOf(db, batch, choices),
        contentId: batch.content_id,
        contentIds: choices,
        serviceId: batch.service_id,
        amount: batch.amount === null ? null : Number(batch.amount),
        creditDays: batch.credit_days === null ? null : Number(batch.credit_days),
        validUntil: Number(batch.valid_until),
        channel: batch.channel as VoucherChannel,
        quantity: Number(batch.quantity),
        createdAt: Number(batch.created_at),
        createdBy: batch.created_by,
        exportCount: Number(batch.export_count),
        firstExportedAt: batch.first_exported_at === null ? null : Number(batch.first_exported_at),
        voidedAt: batch.voided_at === null ? null : Number(batch.voided_at),
        figures: figures.get(batch.batch_id)!,
      };
    }),
  );
}

export async function findBatch(
  db: Kysely<Database>,
  batchId: string,
  now: number,
): Promise<VoucherBatch | undefined> {
  const row = await db
    .selectFrom('voucher_batch')
    .selectAll()
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return row && (await present(db, [row], now))[0];
}

export async function requireBatch(db: Kysely<Database>, batchId: string): Promise<BatchRow> {
  const row = await db
    .selectFrom('voucher_batch')
    .selectAll()
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  if (!row) throw notFound('找不到這批序號。');
  return row;
}

export async function listBatches(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
  now: number,
): Promise<{ batches: VoucherBatch[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('voucher_batch')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('batch_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('voucher_batch')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { batches: await present(db, rows, now), total: Number(count.total) };
}
