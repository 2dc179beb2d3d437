import { z } from 'zod';
import { LOGIN_ID_MAX_LENGTH, PASSWORD_MAX_LENGTH, PHONE_PATTERN } from './account-limits.js';
import { describeCall } from './call.js';
import { pagingSchema } from './catalogue.js';
import { envelopeOf } from './envelope.js';
import { plainId, yn } from './fields.js';
import { orderKindSchema, orderStateSchema, payMethodSchema } from './orders.js';
import { siteCalls } from './routes.js';

/*
 * The member's account centre at /account (issue 23 item 1; docs/adr/0041-account-centre.md):
 * the profile and contact details, the wallet's ledger, the orders and their receipts, and the
 * monthly services. Adult sessions only: a kid sub-account is refused (403) on every call.
 */

const EMAIL_INVALID = '請輸入有效的電子郵件地址。';
const PHONE_INVALID = '手機號碼需為 09 開頭的 10 位數字。';

/** A contact e-mail: trimmed and lower-cased; '' clears it. */
export const contactEmailSchema = z
  .string()
  .trim()
  .max(LOGIN_ID_MAX_LENGTH, EMAIL_INVALID)
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(''), z.email({ error: EMAIL_INVALID })], { error: EMAIL_INVALID }));

/** A contact phone: a Taiwanese mobile number (09 and eight digits); '' clears it. */
export const contactPhoneSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^(${PHONE_PATTERN})?$`), PHONE_INVALID);

/** POST ajaxUpdateAccountContact.do: both fields as they should be, and the current password. */
export const updateAccountContactBodySchema = z.strictObject({
  email: contactEmailSchema,
  phone: contactPhoneSchema,
  password: z.string().min(1, '請輸入目前的密碼。').max(PASSWORD_MAX_LENGTH),
});
export type UpdateAccountContactBody = z.input<typeof updateAccountContactBodySchema>;

export const accountProfileSchema = z.object({
  /** ab***@example.com, 09****5678. */
  loginIdMasked: z.string(),
  /** When the account was made, Unix seconds. */
  memberSince: z.number().int(),
  /** The primary sub-account's nickname. */
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;
export const accountProfileReplySchema = envelopeOf(accountProfileSchema);

/** GET ajaxFindWalletLedger.do: the wallet's entries, newest first (startIndex, maxRecord). */
export const walletLedgerQuerySchema = pagingSchema;

export const walletLedgerEntrySchema = z.object({
  entryId: z.string(),
  /** 'stored' 儲值金, 'credit' 看片金. */
  purse: z.enum(['stored', 'credit']),
  /** NT$: positive adds, negative spends. */
  amount: z.number().int(),
  reason: z.enum(['voucher', 'order', 'refund', 'expiry', 'adjustment']),
  /** The order the entry pays or refunds; null for vouchers and expiry. */
  orderId: z.string().nullable(),
  /** Viewing-credit grants: when the lot ends (Unix seconds). */
  expiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type WalletLedgerEntry = z.infer<typeof walletLedgerEntrySchema>;
export const walletLedgerSchema = z.object({
  totalCount: z.number().int(),
  entries: z.array(walletLedgerEntrySchema),
});
export const walletLedgerReplySchema = envelopeOf(walletLedgerSchema);

/** GET ajaxFindOrderList.do: the account's orders, newest first (startIndex, maxRecord). */
export const orderListQuerySchema = pagingSchema;

export const orderListItemSchema = z.object({
  orderId: z.string(),
  /** How it was sold: rent, buy or a monthly service period. */
  kind: orderKindSchema,
  /** The title's or the service's name. */
  itemName: z.string(),
  amount: z.number().int(),
  payMethod: payMethodSchema,
  state: orderStateSchema,
  createdAt: z.number().int(),
  /** When the payment settled (Unix seconds); null unless the order is paid. */
  paidAt: z.number().int().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const orderListSchema = z.object({
  totalCount: z.number().int(),
  orders: z.array(orderListItemSchema),
});
export const orderListReplySchema = envelopeOf(orderListSchema);

/** GET ajaxFindOrderReceipt.do?orderId=: a paid order's receipt (another's is 404). */
export const orderReceiptQuerySchema = z.object({ orderId: plainId() });

export const orderReceiptSchema = z.object({
  receiptNo: z.string(),
  orderId: z.string(),
  items: z.array(z.object({ name: z.string(), kind: orderKindSchema, amount: z.number().int() })),
  /** NT$, tax included. */
  amount: z.number().int(),
  /** The 5% business tax inside the amount, NT$ (rounded). */
  taxIncluded: z.number().int(),
  payMethod: payMethodSchema,
  paidAt: z.number().int(),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;
export const orderReceiptReplySchema = envelopeOf(z.object({ receipt: orderReceiptSchema }));

export const monthlyServiceStatusSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
  /** NT$ per period. */
  price: z.number().int(),
  periodDays: z.number().int(),
  /** Y while paid_until is ahead. */
  active: yn,
  /** The end of the paid period, Unix seconds. */
  paidUntil: z.number().int(),
  /** N: periods are paid ahead one at a time; the service ends at paidUntil unless bought again. */
  autoRenew: yn,
});
export type MonthlyServiceStatus = z.infer<typeof monthlyServiceStatusSchema>;
export const monthlyServiceStatusReplySchema = envelopeOf(
  z.object({ services: z.array(monthlyServiceStatusSchema) }),
);

const tags = ['account-centre'];
const adult = { who: 'adult', kidRefusal: 'account' } as const;

/** The account centre's calls (issue 23 item 1), each described once. */
export const accountCentreCalls = {
  getAccountProfile: describeCall({
    method: 'GET',
    path: siteCalls.getAccountProfile,
    summary: 'The account: masked login id, member since, primary nickname, e-mail and phone',
    tags,
    reply: accountProfileReplySchema,
    access: adult,
    cache: 'private',
  }),
  updateAccountContact: describeCall({
    method: 'POST',
    path: siteCalls.updateAccountContact,
    summary: "Set the account's e-mail and phone ('' clears); needs the current password",
    tags,
    input: updateAccountContactBodySchema,
    reply: accountProfileReplySchema,
    access: adult,
    cache: 'private',
  }),
  findWalletLedger: describeCall({
    method: 'GET',
    path: siteCalls.findWalletLedger,
    summary: "The wallet's entries (both purses), newest first, paged",
    tags,
    input: walletLedgerQuerySchema,
    reply: walletLedgerReplySchema,
    access: adult,
    cache: 'private',
  }),
  findOrderList: describeCall({
    method: 'GET',
    path: siteCalls.findOrderList,
    summary: "The account's orders, newest first, paged",
    tags,
    input: orderListQuerySchema,
    reply: orderListReplySchema,
    access: adult,
    cache: 'private',
  }),
  findOrderReceipt: describeCall({
    method: 'GET',
    path: siteCalls.findOrderReceipt,
    summary: "A paid order's receipt (another account's order is 404, as a missing one)",
    tags,
    input: orderReceiptQuerySchema,
    reply: orderReceiptReplySchema,
    access: adult,
    cache: 'private',
  }),
  getMonthlyServiceStatus: describeCall({
    method: 'GET',
    path: siteCalls.getMonthlyServiceStatus,
    summary: 'The monthly services held: active or not, paid until, renews or ends',
    tags,
    reply: monthlyServiceStatusReplySchema,
    access: adult,
    cache: 'private',
  }),
};
