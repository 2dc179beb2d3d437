import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { plainId } from '../fields.js';
import {
  orderKindSchema,
  orderStateSchema,
  payMethodSchema,
  refundReasonSchema,
} from '../orders.js';
import { normaliseSerial, SERIAL_MAX_LENGTH, SERIAL_MIN_LENGTH } from '../vouchers.js';
import { describeConsoleCall } from './call.js';

/*
 * Customer care's member file (issue 26 item 1; docs/adr/0052). Care finds a member by login id,
 * phone, e-mail, order id or voucher serial, and reads the member's whole file on one page:
 * account, sub-accounts, sessions and devices, rights with both rental clocks, orders and
 * payments, wallet and ledger, redemptions, draws and recent playback errors. Reading only: the
 * actions (refunds, sessions, PIN, grants, wallet) are calls of their own. Every read of a
 * member's file is an audit entry ('care.member.view'), every search one too
 * ('care.member.search'). No password, token or PIN hash is ever in a reply.
 */

/** Who reads member files: customer care, finance (refunds), the auditor (admin always). */
export const CARE_READERS = ['customer_care', 'finance', 'auditor'] as const;

export const CARE_SEARCH_MAX_LENGTH = 254;

/** The keys a member is found by. */
export const careSearchKeySchema = z.enum(['loginId', 'email', 'phone', 'orderId', 'serial']);
export type CareSearchKey = z.infer<typeof careSearchKeySchema>;
export const CARE_SEARCH_KEY_LABELS = {
  loginId: '登入帳號',
  email: '電子郵件',
  phone: '手機號碼',
  orderId: '訂單編號',
  serial: '兌換序號',
} as const satisfies Record<CareSearchKey, string>;

/**
 * A Taiwanese mobile number in its one spelling (09 and eight digits) from how people say it:
 * 0912-345-678, 0912 345 678, (0912)345678, +886 912 345 678, 886912345678, +886-0912…;
 * null when it is not one.
 */
export function normalisePhone(raw: string): string | null {
  const digits = raw.normalize('NFKC').replace(/[\s().-]/g, '');
  const national = digits.replace(/^(?:\+|00)?886-?0?/, '0');
  return /^09\d{8}$/.test(national) ? national : null;
}

/**
 * What a typed search can be, each key in the spelling its column holds: an e-mail lower-cased;
 * a phone as 09 and eight digits; a login id is either; an order id as typed (its letters' case
 * matters); a serial as the redeem screen normalises it. A key the text cannot be is left out.
 */
export function careSearchKeys(raw: string): Partial<Record<CareSearchKey, string>> {
  const text = raw.normalize('NFKC').trim();
  const keys: Partial<Record<CareSearchKey, string>> = {};
  if (text === '') return keys;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
    keys.email = text.toLowerCase();
    keys.loginId = keys.email;
  }
  const phone = normalisePhone(text);
  if (phone) {
    keys.phone = phone;
    keys.loginId = phone;
  }
  if (/^[A-Za-z0-9_-]{1,40}$/.test(text)) keys.orderId = text;
  const serial = normaliseSerial(text);
  if (
    /^[A-Z0-9]+$/.test(serial) &&
    serial.length >= SERIAL_MIN_LENGTH &&
    serial.length <= SERIAL_MAX_LENGTH
  ) {
    keys.serial = serial;
  }
  return keys;
}

export const careSearchQuerySchema = z.object({
  q: z
    .string({ message: '請輸入要查詢的帳號、手機、電子郵件、訂單編號或序號' })
    .trim()
    .min(1, '請輸入要查詢的帳號、手機、電子郵件、訂單編號或序號')
    .max(CARE_SEARCH_MAX_LENGTH, `查詢內容最多 ${CARE_SEARCH_MAX_LENGTH} 個字`),
  /** One key only; absent: every key the text can be. */
  by: careSearchKeySchema.optional(),
});

export const careMatchSchema = z.object({
  accountId: z.string(),
  loginId: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.number().int(),
  /** The keys that found it. */
  matchedBy: z.array(careSearchKeySchema),
});
export type CareMatch = z.infer<typeof careMatchSchema>;

export const careAccountIdSchema = plainId(40, '會員編號格式不正確');
const memberParams = z.object({ accountId: careAccountIdSchema });

export const careAccountSchema = z.object({
  accountId: z.string(),
  loginId: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.number().int(),
  passwordChangedAt: z.number().int(),
  /** Whether a kid PIN is set, and whether wrong guesses locked it (the owner's password lifts it). */
  kidPinSet: z.boolean(),
  kidPinLocked: z.boolean(),
});

export const careSubAccountSchema = z.object({
  subAccountUid: z.string(),
  nickname: z.string(),
  kidMode: z.boolean(),
  isPrimary: z.boolean(),
  /** Restricted titles filtered out. */
  filterRestrict: z.boolean(),
  createdAt: z.number().int(),
});

export const careSessionSchema = z.object({
  /** 'web' (the site's cookie) or 'sso' (an app). */
  kind: z.enum(['web', 'sso']),
  nickname: z.string(),
  deviceType: z.string(),
  /** The registered device's name; null when the session has none. */
  deviceName: z.string().nullable(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  expiresAt: z.number().int(),
});

export const careDeviceSchema = z.object({
  deviceKey: z.string(),
  name: z.string(),
  deviceType: z.string(),
  registeredAt: z.number().int(),
  lastSeenAt: z.number().int(),
  playing: z.boolean(),
});

export const careStreamSchema = z.object({
  deviceName: z.string(),
  playing: z.string(),
  startedAt: z.number().int(),
});

/**
 * A rental's two clocks (SPEC §4): start within 168 h of the grant (`startBy`), then watch within
 * 48 h of the first play (`expiresAt`, null until it starts).
 */
export const careRightStateSchema = z.enum(['owned', 'unstarted', 'watching', 'lapsed', 'ended']);
export type CareRightState = z.infer<typeof careRightStateSchema>;
export const CARE_RIGHT_STATE_LABELS = {
  owned: '已購買（永久）',
  unstarted: '尚未開始觀看',
  watching: '觀看期間中',
  lapsed: '未在期限內開始（已失效）',
  ended: '觀看期間已結束',
} as const satisfies Record<CareRightState, string>;

export const careEntitlementSchema = z.object({
  contentId: z.string(),
  name: z.string(),
  kind: z.enum(['rent', 'buy']),
  /** Where it came from: 'order:…', 'voucher:…', or another grant's source; null: unknown. */
  source: z.string().nullable(),
  grantedAt: z.number().int(),
  startBy: z.number().int().nullable(),
  watchHours: z.number().int().nullable(),
  firstPlayedAt: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
  state: careRightStateSchema,
});

export const careServiceSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
  paidUntil: z.number().int(),
  active: z.boolean(),
});

export const careOrderSchema = z.object({
  orderId: z.string(),
  kind: orderKindSchema,
  itemName: z.string(),
  amount: z.number().int(),
  payMethod: payMethodSchema,
  state: orderStateSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** The payment provider's reference of a card payment. */
  providerRef: z.string().nullable(),
  refundReason: refundReasonSchema.nullable(),
  /** A card refund sent (or to be sent) to the provider. */
  cardRefund: z
    .object({
      state: z.enum(['requested', 'done']),
      amount: z.number().int(),
      requestedAt: z.number().int(),
      doneAt: z.number().int().nullable(),
    })
    .nullable(),
});
export type CareOrder = z.infer<typeof careOrderSchema>;

export const careLedgerEntrySchema = z.object({
  entryId: z.string(),
  purse: z.enum(['stored', 'credit']),
  amount: z.number().int(),
  reason: z.enum(['voucher', 'order', 'refund', 'expiry', 'adjustment']),
  /** What it was for: 'order:…', 'voucher:…', … */
  source: z.string(),
  expiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type CareLedgerEntry = z.infer<typeof careLedgerEntrySchema>;

export const careWalletSchema = z.object({
  /** NT$ of stored value (儲值金). */
  stored: z.number().int(),
  /** NT$ of viewing credit (看片金) usable now: expired lots not counted. */
  credit: z.number().int(),
  /** Each viewing-credit grant with something left, soonest end first. */
  creditLots: z.array(
    z.object({
      source: z.string(),
      rest: z.number().int(),
      expiresAt: z.number().int(),
      /** Past its end; the rest is written off at the member's next wallet use. */
      expired: z.boolean(),
    }),
  ),
});

export const careRedemptionSchema = z.object({
  serial: z.string(),
  kind: z.enum(['title', 'service', 'stored_value', 'viewing_credit']),
  batchId: z.string().nullable(),
  redeemedAt: z.number().int(),
  /** What it gave: a title's or service's name, or the NT$ of value. */
  granted: z.string(),
});

export const careDrawSchema = z.object({
  activityId: z.string(),
  title: z.string(),
  channelName: z.string(),
  nickname: z.string(),
  drawnAt: z.number().int(),
  /** The prize won; null: nothing. */
  prizeName: z.string().nullable(),
});

export const carePlaybackErrorSchema = z.object({
  at: z.number().int(),
  nickname: z.string(),
  contentId: z.string(),
  /** 'VOD' | 'LIVE'. */
  playType: z.string(),
  code: z.number().int(),
  message: z.string(),
  positionMs: z.number().int(),
  userAgent: z.string(),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), page: z.number().int(), items: z.array(item) });

/** How many of each list the file shows at first; the rest are paged by their own calls. */
export const CARE_FILE_PAGE_SIZE = 20;
export const CARE_FILE_LIST_MAX = 50;

export const careMemberFileSchema = z.object({
  account: careAccountSchema,
  subAccounts: z.array(careSubAccountSchema),
  sessions: z.array(careSessionSchema),
  devices: z.array(careDeviceSchema),
  streams: z.array(careStreamSchema),
  /** Newest grant first, at most CARE_FILE_LIST_MAX; `entitlementTotal` counts them all. */
  entitlements: z.array(careEntitlementSchema),
  entitlementTotal: z.number().int(),
  services: z.array(careServiceSchema),
  orders: page(careOrderSchema),
  wallet: careWalletSchema,
  ledger: page(careLedgerEntrySchema),
  redemptions: z.array(careRedemptionSchema),
  draws: z.array(careDrawSchema),
  playbackErrors: z.array(carePlaybackErrorSchema),
});
export type CareMemberFile = z.infer<typeof careMemberFileSchema>;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const tags = ['console: customer care'];
const access = { staff: CARE_READERS };

export const consoleCareCalls = {
  searchMembers: describeConsoleCall({
    method: 'GET',
    path: '/console/api/care/members',
    summary:
      'Members found by login id, phone, e-mail, order id or voucher serial (exact, normalised); audited',
    tags,
    input: careSearchQuerySchema,
    reply: envelopeOf(z.object({ matches: z.array(careMatchSchema) })),
    access,
  }),
  getMemberFile: describeConsoleCall({
    method: 'GET',
    path: '/console/api/care/members/:accountId',
    summary:
      "A member's file: account, sub-accounts, sessions, devices, rights, orders, wallet, redemptions, draws, playback errors; audited",
    tags,
    params: memberParams,
    reply: envelopeOf(z.object({ file: careMemberFileSchema })),
    access,
  }),
  listMemberOrders: describeConsoleCall({
    method: 'GET',
    path: '/console/api/care/members/:accountId/orders',
    summary: "A page of a member's orders with their payments, newest first; audited",
    tags,
    params: memberParams,
    input: pageQuery,
    reply: envelopeOf(z.object({ orders: page(careOrderSchema) })),
    access,
  }),
  listMemberLedger: describeConsoleCall({
    method: 'GET',
    path: '/console/api/care/members/:accountId/ledger',
    summary: "A page of a member's wallet ledger, newest first; audited",
    tags,
    params: memberParams,
    input: pageQuery,
    reply: envelopeOf(z.object({ ledger: page(careLedgerEntrySchema) })),
    access,
  }),
} as const;
