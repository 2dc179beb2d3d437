import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  RedeemVoucherData,
  VoucherHistoryItem,
  VoucherOfferTitle,
  VoucherPreview,
  VoucherTitle,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { VoucherTable } from '../../db/schema-commerce.js';
import { AppError } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import type { TitleRow } from '../catalogue/present.js';
import { findTitle, findTitles } from '../catalogue/queries.js';
import { isVisible, viewerScope } from '../catalogue/visibility.js';
import { mediaUrl } from '../media/urls.js';
import {
  RENTAL_START_HOURS,
  RENTAL_WATCH_HOURS,
  extendSubscription,
  grantTitle,
  heldRight,
  heldRightForGrant,
  rightIds,
} from './entitlements.js';
import { presentHeld, voucherHeldRefusal } from './held-right.js';
import { balances, credit } from './wallet.js';

/**
 * Vouchers (docs/adr/0020). A serial is redeemed once: one conditional update claims it
 * (`redeemed_by is null and voided_at is null and valid_until > now`) in the same transaction as what it grants, so a
 * redemption and its rental, service period or wallet credit commit together or not at all. A
 * serial past its valid_until that nobody redeemed counts as waived.
 */

type VoucherRow = Selectable<VoucherTable>;
const DAY = 86_400;

export const voucherSource = (serial: string) => `voucher:${serial}`;

/**
 * Why a serial cannot be redeemed by this account now, or null when it can. Unknown serials and
 * serials another member redeemed get the same answer, so a guesser learns nothing more.
 */
function refusal(row: VoucherRow | undefined, accountId: string, now: number): AppError | null {
  if (!row) return new AppError('VOUCHER_INVALID');
  if (row.redeemed_by === accountId) return new AppError('VOUCHER_REDEEMED');
  if (row.redeemed_by !== null) return new AppError('VOUCHER_INVALID');
  if (row.voided_at !== null) return new AppError('VOUCHER_VOIDED');
  if (Number(row.valid_until) <= now) return new AppError('VOUCHER_EXPIRED');
  return null;
}

async function findVoucher(db: Kysely<Database>, serial: string) {
  return db.selectFrom('voucher').selectAll().where('serial', '=', serial).executeTakeFirst();
}

function toVoucherTitle(row: TitleRow): VoucherTitle {
  return {
    contentId: row.content_id,
    otherId: row.series_id ?? row.content_id,
    contentName: row.name,
    posterUrl: mediaUrl(row.poster_path),
  };
}

/**
 * The titles a voucher lets the viewer choose from: its choices the viewer may see now. A voucher
 * that offers a choice none of which the viewer may see (the restricted-content filter) is refused.
 */
async function choicesOf(
  db: Kysely<Database>,
  row: VoucherRow,
  viewer: Viewer,
  now: number,
): Promise<TitleRow[]> {
  // A batch's choices are kept once for the batch (ADR 0045); older serials have their own.
  const ids = row.batch_id
    ? await db
        .selectFrom('voucher_batch_choice')
        .select('content_id')
        .where('batch_id', '=', row.batch_id)
        .execute()
    : await db
        .selectFrom('voucher_choice')
        .select('content_id')
        .where('serial', '=', row.serial)
        .execute();
  if (ids.length === 0) return [];
  const scope = viewerScope(viewer);
  const visible = (
    await findTitles(
      db,
      ids.map((r) => r.content_id),
    )
  )
    .filter((t) => isVisible(t, scope, now))
    .sort((a, b) => (a.content_id < b.content_id ? -1 : 1));
  if (visible.length === 0) {
    throw new AppError('VOUCHER_CHOICE_REQUIRED', undefined, NO_CHOICE_VISIBLE);
  }
  return visible;
}

const NO_CHOICE_VISIBLE =
  '這組序號可選擇的影片目前都無法在這個帳號觀看（例如已開啟限制級內容過濾），請調整設定或洽客服。';

async function requireService(db: Kysely<Database>, serviceId: string | null) {
  const service = serviceId
    ? await db
        .selectFrom('monthly_service')
        .selectAll()
        .where('service_id', '=', serviceId)
        .executeTakeFirst()
    : undefined;
  if (!service) throw new Error(`voucher names no known monthly service (${serviceId})`);
  return service;
}

async function requireSingleTitle(db: Kysely<Database>, row: VoucherRow): Promise<TitleRow> {
  const title = row.content_id ? await findTitle(db, row.content_id) : undefined;
  if (!title) throw new Error(`voucher ${row.serial} names no known title (${row.content_id})`);
  return title;
}

function requireValue(row: VoucherRow): number {
  const amount = Number(row.amount ?? 0);
  if (!(amount > 0)) throw new Error(`voucher ${row.serial} has no amount`);
  return amount;
}

function requireCreditDays(row: VoucherRow): number {
  const days = Number(row.credit_days ?? 0);
  if (!(days > 0)) throw new Error(`voucher ${row.serial} has no credit_days`);
  return days;
}

/** A title the voucher offers, with what the account holds on it already. */
async function toOfferTitle(
  db: Kysely<Database>,
  row: TitleRow,
  accountId: string,
  now: number,
): Promise<VoucherOfferTitle> {
  const held = await heldRight(db, accountId, rightIds(row), now);
  return { ...toVoucherTitle(row), held: held && presentHeld(held) };
}

const rentalTerms = { startHours: RENTAL_START_HOURS, watchHours: RENTAL_WATCH_HOURS };

/**
 * What a serial would grant this viewer (ajaxChangeVoucherContent.do, step1): refused exactly as
 * a redemption would be (unknown, redeemed, expired). Changes nothing.
 */
export async function previewVoucher(
  db: Kysely<Database>,
  input: { viewer: Viewer; serial: string; now: number },
): Promise<VoucherPreview> {
  const { viewer, serial, now } = input;
  const row = await findVoucher(db, serial);
  const refused = refusal(row, viewer.accountId, now);
  if (refused || !row) throw refused ?? new AppError('VOUCHER_INVALID');
  const preview: VoucherPreview = {
    serialNumber: row.serial,
    kind: row.kind,
    validUntil: Number(row.valid_until),
    title: null,
    choices: [],
    rental: null,
    service: null,
    amount: null,
    creditDays: null,
  };
  switch (row.kind) {
    case 'title': {
      const offer = (title: TitleRow) => toOfferTitle(db, title, viewer.accountId, now);
      const choices = await choicesOf(db, row, viewer, now);
      if (choices.length > 0) preview.choices = await Promise.all(choices.map(offer));
      else preview.title = await offer(await requireSingleTitle(db, row));
      preview.rental = rentalTerms;
      break;
    }
    case 'service': {
      const service = await requireService(db, row.service_id);
      preview.service = {
        serviceId: service.service_id,
        name: service.name,
        periodDays: service.period_days,
      };
      break;
    }
    case 'stored_value':
      preview.amount = requireValue(row);
      break;
    case 'viewing_credit':
      preview.amount = requireValue(row);
      preview.creditDays = requireCreditDays(row);
      break;
  }
  return preview;
}

/** The title a 'title' voucher grants: the one chosen from its choices, or its own. */
async function titleToGrant(
  db: Kysely<Database>,
  row: VoucherRow,
  viewer: Viewer,
  contentId: string | undefined,
  now: number,
): Promise<TitleRow> {
  const choices = await choicesOf(db, row, viewer, now);
  if (choices.length > 0) {
    const chosen = choices.find((t) => t.content_id === contentId);
    if (!chosen)
      throw new AppError('VOUCHER_CHOICE_REQUIRED', [{ name: 'contentId', problem: 'choice' }]);
    return chosen;
  }
  const title = await requireSingleTitle(db, row);
  if (contentId !== undefined && contentId !== title.content_id) {
    throw new AppError('VOUCHER_CHOICE_REQUIRED', [{ name: 'contentId', problem: 'choice' }]);
  }
  return title;
}

/**
 * Redeems a serial for the viewer's account (ajaxRedeemVoucherData.do): claims it and grants what
 * it holds in one transaction. Concurrent redemptions of one serial, from one account or many,
 * on any number of app instances: exactly one claims it; the others are refused (the same
 * account's as VOUCHER_REDEEMED, another's as VOUCHER_INVALID).
 */
export async function redeemVoucher(
  db: Kysely<Database>,
  input: { viewer: Viewer; serial: string; contentId?: string | undefined; now: number },
): Promise<RedeemVoucherData> {
  const { viewer, serial, now } = input;
  const { accountId } = viewer;
  // A first read for the refusal's words and the title to grant; the claim below decides.
  const seen = await findVoucher(db, serial);
  const refused = refusal(seen, accountId, now);
  if (refused || !seen) throw refused ?? new AppError('VOUCHER_INVALID');
  const title =
    seen.kind === 'title' ? await titleToGrant(db, seen, viewer, input.contentId, now) : null;
  const source = voucherSource(serial);

  return db.transaction().execute(async (trx) => {
    // A title already held is refused before the serial is claimed, under the account's lock,
    // so neither a second rental nor a spent serial is left (issue 20 item 3).
    // A serial this account has just redeemed (the held right is its own) says so first.
    const held = title && (await heldRightForGrant(trx, accountId, title, now));
    if (held) {
      throw (
        refusal(await findVoucher(trx, serial), accountId, now) ??
        new AppError('ALREADY_ENTITLED', undefined, voucherHeldRefusal(held))
      );
    }
    const row = await trx
      .updateTable('voucher')
      .set({ redeemed_by: accountId, redeemed_at: now })
      .where('serial', '=', serial)
      .where('redeemed_by', 'is', null)
      .where('voided_at', 'is', null)
      .where('valid_until', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      // Someone got there first (or it just expired): say why, as a first read would have.
      throw (
        refusal(await findVoucher(trx, serial), accountId, now) ?? new AppError('VOUCHER_INVALID')
      );
    }
    const data: RedeemVoucherData = {
      serialNumber: serial,
      kind: row.kind,
      redeemedAt: now,
      rental: null,
      service: null,
      credit: null,
      wallet: { stored: 0, credit: 0, creditLots: [] },
    };
    const grant = { accountId, source, now };
    switch (row.kind) {
      case 'title': {
        if (!title) throw new Error('a title voucher without its title');
        await granted(grantTitle(trx, { ...grant, contentId: title.content_id, kind: 'rent' }));
        data.rental = {
          ...toVoucherTitle(title),
          startBy: now + RENTAL_START_HOURS * 3600,
          ...rentalTerms,
        };
        break;
      }
      case 'service': {
        const service = await requireService(trx, row.service_id);
        await granted(extendSubscription(trx, { ...grant, serviceId: service.service_id }));
        data.service = {
          serviceId: service.service_id,
          name: service.name,
          paidUntil: await paidUntil(trx, accountId, service.service_id),
        };
        break;
      }
      case 'stored_value': {
        const amount = requireValue(row);
        await granted(credit(trx, { ...grant, purse: 'stored', amount, reason: 'voucher' }));
        data.credit = { purse: 'stored', amount, expiresAt: null };
        break;
      }
      case 'viewing_credit': {
        const amount = requireValue(row);
        const expiresAt = now + requireCreditDays(row) * DAY;
        await granted(
          credit(trx, { ...grant, purse: 'credit', amount, reason: 'voucher', expiresAt }),
        );
        data.credit = { purse: 'credit', amount, expiresAt };
        break;
      }
    }
    data.wallet = await balances(trx, accountId, now);
    return data;
  });
}

/** A grant from a freshly claimed serial must be new; anything else means the ledger is wrong. */
async function granted(done: Promise<boolean>): Promise<void> {
  if (!(await done)) throw new Error('a voucher granted twice from one source');
}

async function paidUntil(trx: Transaction<Database>, accountId: string, serviceId: string) {
  const row = await trx
    .selectFrom('subscription')
    .select('paid_until')
    .where('account_id', '=', accountId)
    .where('service_id', '=', serviceId)
    .executeTakeFirstOrThrow();
  return Number(row.paid_until);
}

const HISTORY_LIMIT = 100;

/** The account's redeemed vouchers, newest first, with what each granted. */
export async function voucherHistory(
  db: Kysely<Database>,
  accountId: string,
): Promise<VoucherHistoryItem[]> {
  const rows = await db
    .selectFrom('voucher')
    .select(['serial', 'kind', 'content_id', 'service_id', 'amount', 'redeemed_at'])
    .where('redeemed_by', '=', accountId)
    .orderBy('redeemed_at', 'desc')
    .orderBy('serial')
    .limit(HISTORY_LIMIT)
    .execute();
  if (rows.length === 0) return [];
  const rentals = await db
    .selectFrom('entitlement')
    .select(['source', 'content_id'])
    .where('account_id', '=', accountId)
    .where(
      'source',
      'in',
      rows.map((r) => voucherSource(r.serial)),
    )
    .execute();
  const rented = new Map(rentals.map((r) => [r.source, r.content_id]));
  const titles = new Map(
    (await findTitles(db, [...new Set(rentals.map((r) => r.content_id))])).map((t) => [
      t.content_id,
      t.name,
    ]),
  );
  const serviceIds = [...new Set(rows.flatMap((r) => (r.service_id ? [r.service_id] : [])))];
  const services = new Map(
    serviceIds.length === 0
      ? []
      : (
          await db
            .selectFrom('monthly_service')
            .select(['service_id', 'name'])
            .where('service_id', 'in', serviceIds)
            .execute()
        ).map((s) => [s.service_id, s.name]),
  );
  return rows.map((row) => {
    const contentId = rented.get(voucherSource(row.serial));
    return {
      serialNumber: row.serial,
      kind: row.kind,
      redeemedAt: Number(row.redeemed_at),
      contentName: contentId ? (titles.get(contentId) ?? null) : null,
      serviceName:
        row.kind === 'service' && row.service_id ? (services.get(row.service_id) ?? null) : null,
      amount:
        row.kind === 'stored_value' || row.kind === 'viewing_credit' ? Number(row.amount) : null,
    };
  });
}
