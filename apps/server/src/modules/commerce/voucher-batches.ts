import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { BATCH_SERIAL_RANDOM, SERIAL_ALPHABET, groupSerial, normaliseSerial } from '@site/contract';
import {
  type NewVoucherBatch,
  type VoucherBatch,
  type VoucherBatchFigures,
  type VoucherChannel,
} from '@site/contract/console';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { VoucherBatchTable, VoucherKind } from '../../db/schema-commerce.js';
import { AppError, notFound } from '../../http/errors.js';
import { taipeiDateTime } from '../../taipei-time.js';
import { csvCell } from '../audit/csv.js';
import { recordChange, type Actor } from '../audit/trail.js';

/**
 * Voucher batches (issue 25 item 5, docs/adr/0045): serials made in bulk for marketing, stored in
 * one transaction with the batch and its audit entry; exported once (again only as an audited
 * re-export); voided whole or one by one, never taking back what a redeemed serial granted.
 */

type BatchRow = Selectable<VoucherBatchTable>;

const YEAR = 365 * 86_400;
/** Serials inserted per statement (one array parameter each). */
const INSERT_CHUNK = 10_000;

/**
 * n serials of the batch shape: 15 characters from a CSPRNG, then the check character (the
 * contract's rule, voucher-serials.ts, computed here on the values rather than the characters:
 * 100,000 serials in tens of milliseconds).
 */
export function generateSerials(count: number): string[] {
  const base = SERIAL_ALPHABET.length;
  const codes = Buffer.from(SERIAL_ALPHABET, 'latin1');
  // Bytes below 248 (8 × 31) map evenly onto the alphabet; the rest are drawn again.
  const limit = 256 - (256 % base);
  const serials: string[] = new Array<string>(count);
  const out = Buffer.alloc(BATCH_SERIAL_RANDOM + 1);
  let pool = randomBytes(count * 17 + 64);
  let at = 0;
  for (let n = 0; n < count; n += 1) {
    let sum = 0;
    for (let i = 0; i < BATCH_SERIAL_RANDOM;) {
      if (at >= pool.length) {
        pool = randomBytes((count - n) * 17 + 64);
        at = 0;
      }
      const byte = pool[at++]!;
      if (byte >= limit) continue;
      const value = byte % base;
      out[i] = codes[value]!;
      i += 1;
      sum += i * value;
    }
    // The check value v₁₆ makes Σ i·vᵢ ≡ 0 (mod 31); 2 is 16's inverse modulo 31.
    out[BATCH_SERIAL_RANDOM] = codes[(((-2 * sum) % base) + base) % base]!;
    serials[n] = out.toString('latin1');
  }
  return serials;
}

function newBatchId(): string {
  return `VB${generateSerials(1)[0]!.slice(0, 8)}`;
}

const bad = (name: string, problem: string) => new AppError('BAD_INPUT', [{ name, problem }]);

/** The voucher kind a batch's serials are (a choice is a title voucher with choices). */
function voucherKindOf(kind: BatchRow['kind']): VoucherKind {
  return kind === 'title_choice' ? 'title' : kind;
}

/** Checks what the batch names exists and its end is ahead; answers its row without ids. */
async function checkedBatch(db: Kysely<Database>, input: NewVoucherBatch, now: number) {
  if (input.validUntil <= now) throw bad('validUntil', '兌換期限必須晚於現在。');
  if (input.validUntil > now + 10 * YEAR) throw bad('validUntil', '兌換期限最多為 10 年後。');
  const row = {
    name: input.name,
    kind: input.kind,
    content_id: null as string | null,
    service_id: null as string | null,
    amount: null as number | null,
    credit_days: null as number | null,
    valid_until: input.validUntil,
    channel: input.channel,
    quantity: input.quantity,
  };
  let choices: string[] = [];
  switch (input.kind) {
    case 'title': {
      const id = input.contentId!;
      const found = await db
        .selectFrom('title')
        .select('content_id')
        .where('content_id', '=', id)
        .where('kind', 'in', ['movie', 'series'])
        .executeTakeFirst();
      if (!found) throw bad('contentId', `沒有這部可兌換的影片：${id}`);
      row.content_id = id;
      break;
    }
    case 'title_choice': {
      choices = [...new Set(input.contentIds ?? [])].sort();
      if (choices.length < 2) throw bad('contentIds', '請至少選擇 2 部可選影片');
      const found = new Set(
        (
          await db
            .selectFrom('title')
            .select('content_id')
            .where('content_id', 'in', choices)
            .where('kind', 'in', ['movie', 'series'])
            .execute()
        ).map((t) => t.content_id),
      );
      const missing = choices.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw bad('contentIds', `沒有這些可兌換的影片：${missing.join('、')}`);
      }
      break;
    }
    case 'service': {
      const id = input.serviceId!;
      const found = await db
        .selectFrom('monthly_service')
        .select('service_id')
        .where('service_id', '=', id)
        .executeTakeFirst();
      if (!found) throw bad('serviceId', `沒有這個月租服務：${id}`);
      row.service_id = id;
      break;
    }
    case 'stored_value':
      row.amount = input.amount!;
      break;
    case 'viewing_credit':
      row.amount = input.amount!;
      row.credit_days = input.creditDays!;
      break;
  }
  return { row, choices };
}

/**
 * Stores serials for a batch, one statement per chunk with the serials as one array parameter
 * (PostgreSQL `unnest`, SQLite `json_each`). A serial already taken (by any batch, or an older
 * serial) is skipped by the primary key and drawn again, until the batch has its quantity.
 */
async function insertSerials(
  trx: Kysely<Database>,
  batch: BatchRow,
  quantity: number,
): Promise<number> {
  const postgres = dialectOf(trx) === 'postgres';
  const kind = voucherKindOf(batch.kind);
  let stored = 0;
  // Collisions are rare (31¹⁵ serials); a few extra rounds more than cover them.
  for (let round = 0; stored < quantity; round += 1) {
    if (round > Math.ceil(quantity / INSERT_CHUNK) + 10) {
      throw new Error('voucher serials kept colliding');
    }
    const wanted = Math.min(INSERT_CHUNK, quantity - stored);
    const serials = [...new Set(generateSerials(wanted))];
    const values = sql`${kind}, ${batch.content_id}, ${batch.service_id}, ${batch.amount},
      ${batch.credit_days}, ${batch.valid_until}, ${batch.batch_id}`;
    const columns = sql`(serial, kind, content_id, service_id, amount, credit_days, valid_until, batch_id)`;
    const result = postgres
      ? await sql`insert into voucher ${columns}
          select s, ${kind}::text, ${batch.content_id}::text, ${batch.service_id}::text,
            ${batch.amount}::integer, ${batch.credit_days}::integer, ${batch.valid_until}::bigint,
            ${batch.batch_id}::text
          from unnest(${serials}::text[]) as s
          on conflict (serial) do nothing`.execute(trx)
      : await sql`insert into voucher ${columns}
          select value, ${values} from json_each(${JSON.stringify(serials)}) where true
          on conflict (serial) do nothing`.execute(trx);
    stored += Number(result.numAffectedRows ?? 0);
  }
  return stored;
}

/** Makes a batch and its serials in one transaction with the audit entry. */
export async function createBatch(
  db: Kysely<Database>,
  actor: Actor,
  input: NewVoucherBatch,
  now: number,
): Promise<VoucherBatch> {
  const { row, choices } = await checkedBatch(db, input, now);
  const batchId = await db.transaction().execute(async (trx) => {
    let batchId = newBatchId();
    while (
      await trx
        .selectFrom('voucher_batch')
        .select('batch_id')
        .where('batch_id', '=', batchId)
        .executeTakeFirst()
    ) {
      batchId = newBatchId();
    }
    const batch: BatchRow = {
      ...row,
      batch_id: batchId,
      created_at: now,
      created_by: actor.email,
      export_count: 0,
      first_exported_at: null,
      voided_at: null,
    };
    await trx.insertInto('voucher_batch').values(batch).execute();
    if (choices.length > 0) {
      await trx
        .insertInto('voucher_batch_choice')
        .values(choices.map((content_id) => ({ batch_id: batchId, content_id })))
        .execute();
    }
    await insertSerials(trx, batch, input.quantity);
    await recordChange(
      trx,
      actor,
      {
        entity: 'voucher_batch',
        entityId: batchId,
        before: null,
        after: { ...auditFields(batch), contentIds: choices },
      },
      now,
    );
    return batchId;
  });
  return (await findBatch(db, batchId, now))!;
}

function auditFields(batch: BatchRow) {
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

async function requireBatch(db: Kysely<Database>, batchId: string): Promise<BatchRow> {
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
