import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { BATCH_SERIAL_RANDOM, SERIAL_ALPHABET } from '@site/contract';
import { type NewVoucherBatch, type VoucherBatch } from '@site/contract/console';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { VoucherKind } from '../../db/schema-commerce.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { auditFields, findBatch, type BatchRow } from './voucher-batch-reads.js';

/**
 * Voucher batches made (issue 25 item 5, docs/adr/0045): serials made in bulk for marketing,
 * stored in one transaction with the batch and its audit entry. Reading a batch and its figures:
 * voucher-batch-reads.ts; exporting and voiding: voucher-batch-changes.ts.
 */

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
