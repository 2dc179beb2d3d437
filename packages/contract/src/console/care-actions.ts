import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * Customer care's actions on one member (issue 26 item 2, docs/adr/0053): revoke sessions, unlock
 * the kid PIN, grant a title or a monthly service as goodwill, extend a rental's clock, refund an
 * order, credit or debit the wallet. Every action carries a reason that goes into the audit trail.
 * Customer care takes them all; a refund above the refund limit, or of a rental already watched,
 * needs finance (the call lets both in and decides per order); the auditor takes none.
 */

const TAGS = ['console: customer care'] as const;
/** Who reads the actions page and takes the actions (an admin may always). */
const CARE = ['customer_care'] as const;
/** Refunds: customer care up to the limit, finance beyond it and for watched rentals. */
const REFUNDERS = ['customer_care', 'finance'] as const;

const accountId = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, '會員編號格式不正確');
export const careMemberParams = z.object({ accountId });

/** The reason the audit trail keeps with every action. */
export const careReasonSchema = z
  .string({ message: '請輸入原因' })
  .trim()
  .min(1, '請輸入原因')
  .max(200, '原因最多 200 個字');

/**
 * Made by the console when a dialog opens and sent with its one action, so a form sent twice (a
 * double click, a retry after a lost answer) acts once: the grant or wallet entry is keyed by it.
 */
export const careActionIdSchema = z
  .string({ message: '缺少動作編號' })
  .regex(/^[A-Za-z0-9_-]{8,40}$/, '動作編號格式不正確');

const money = (what: string) =>
  z
    .number({ message: `請輸入${what}` })
    .int(`${what}須為整數`)
    .min(1, `${what}至少 NT$1`)
    .max(100_000, `${what}最多 NT$100,000`);

export const careActionOrderSchema = z.object({
  orderId: z.string(),
  kind: z.enum(['rent', 'buy', 'subscribe']),
  itemName: z.string(),
  amount: z.number().int(),
  payMethod: z.enum(['card', 'wallet', 'credit']),
  state: z.enum(['created', 'paid', 'failed', 'cancelled', 'refunded']),
  refundReason: z.enum(['already_entitled', 'operator']).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** A rental of this order has been played: only finance may refund it. */
  watched: z.boolean(),
  /** Whether the caller may refund it now (paid, and within their role's limit). */
  refundable: z.boolean(),
  /** A card refund's state at the provider: null when none was asked. */
  providerRefund: z.enum(['requested', 'done']).nullable(),
});
export type CareActionOrder = z.infer<typeof careActionOrderSchema>;

export const careActionEntitlementSchema = z.object({
  entitlementId: z.string(),
  contentId: z.string(),
  name: z.string(),
  kind: z.enum(['rent', 'buy']),
  grantedAt: z.number().int(),
  /** Rentals: to be started before this. */
  startBy: z.number().int().nullable(),
  firstPlayedAt: z.number().int().nullable(),
  /** Rentals once started (and goodwill titles): when it ends. */
  expiresAt: z.number().int().nullable(),
  /** `order:…`, `voucher:…`, `care:…`. */
  source: z.string().nullable(),
});
export type CareActionEntitlement = z.infer<typeof careActionEntitlementSchema>;

export const careActionWalletSchema = z.object({
  stored: z.number().int(),
  credit: z.number().int(),
  creditLots: z.array(z.object({ amount: z.number().int(), expiresAt: z.number().int() })),
});

export const careMoneySchema = z.object({
  accountId: z.string(),
  loginId: z.string(),
  orders: z.array(careActionOrderSchema),
  entitlements: z.array(careActionEntitlementSchema),
  subscriptions: z.array(
    z.object({ serviceId: z.string(), name: z.string(), paidUntil: z.number().int() }),
  ),
  services: z.array(z.object({ serviceId: z.string(), name: z.string() })),
  wallet: careActionWalletSchema,
  /** NT$: refunds above this need finance (CARE_REFUND_LIMIT). */
  refundLimit: z.number().int(),
});
export type CareMoney = z.infer<typeof careMoneySchema>;

export const careActionSessionSchema = z.object({
  /** Not the session's secret: a digest of its stored hash, enough to name it. */
  sessionId: z.string(),
  kind: z.enum(['web', 'sso']),
  deviceType: z.string(),
  subAccountName: z.string(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type CareActionSession = z.infer<typeof careActionSessionSchema>;

export const careAccessSchema = z.object({
  accountId: z.string(),
  loginId: z.string(),
  sessions: z.array(careActionSessionSchema),
  subAccounts: z.array(
    z.object({
      subAccountUid: z.string(),
      nickname: z.string(),
      kid: z.boolean(),
      primary: z.boolean(),
    }),
  ),
  /** The account's one kid PIN (it guards every kid sub-account). */
  kidPin: z.object({ set: z.boolean(), failures: z.number().int(), locked: z.boolean() }),
});
export type CareAccess = z.infer<typeof careAccessSchema>;

export const careRefundInputSchema = z.object({
  /** What the operator read on the order: it must be the amount paid (refunds are whole). */
  amount: money('退款金額'),
  reason: careReasonSchema,
});

export const careGoodwillInputSchema = z
  .object({
    actionId: careActionIdSchema,
    kind: z.enum(['title', 'service'], { message: '請選擇補償項目' }),
    contentId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, '影片編號格式不正確')
      .optional(),
    serviceId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, '月租服務編號格式不正確')
      .optional(),
    /** Unix seconds: when the right ends. */
    endsAt: z.number({ message: '請選擇結束日期' }).int('結束日期格式不正確'),
    reason: careReasonSchema,
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'title' && !input.contentId) {
      ctx.addIssue({ code: 'custom', path: ['contentId'], message: '請輸入影片編號' });
    }
    if (input.kind === 'service' && !input.serviceId) {
      ctx.addIssue({ code: 'custom', path: ['serviceId'], message: '請選擇月租服務' });
    }
  });

export const careExtendInputSchema = z.object({
  /**
   * The clock the agent saw (startBy before the first play, expiresAt after): an extension applies
   * only to that clock, so a second submit of the same dialog is refused, not added again.
   */
  from: z.number({ message: '請重新整理後再延長' }).int().nonnegative(),
  hours: z
    .number({ message: '請輸入延長時數' })
    .int('延長時數須為整數')
    .min(1, '至少延長 1 小時')
    .max(720, '最多延長 720 小時'),
  reason: careReasonSchema,
});

export const careWalletInputSchema = z
  .object({
    actionId: careActionIdSchema,
    purse: z.enum(['stored', 'credit'], { message: '請選擇儲值金或看片金' }),
    direction: z.enum(['credit', 'debit'], { message: '請選擇加值或扣款' }),
    amount: money('金額'),
    /** Viewing credit added needs its end (Unix seconds). */
    expiresAt: z.number().int('到期日格式不正確').optional(),
    reason: careReasonSchema,
  })
  .superRefine((input, ctx) => {
    if (input.purse === 'credit' && input.direction === 'credit' && !input.expiresAt) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: '看片金需要到期日' });
    }
  });

const reasonOnly = z.object({ reason: careReasonSchema });
const base = '/console/api/care/members/:accountId' as const;

export const consoleCareActionCalls = {
  getMoney: describeConsoleCall({
    method: 'GET',
    path: `${base}/money`,
    summary:
      "A member's orders, rights, services and wallet, as the care actions page acts on them",
    tags: TAGS,
    params: careMemberParams,
    reply: envelopeOf(careMoneySchema),
    access: { staff: REFUNDERS },
  }),
  getAccess: describeConsoleCall({
    method: 'GET',
    path: `${base}/access`,
    summary: "A member's sessions, sub-accounts and kid PIN state",
    tags: TAGS,
    params: careMemberParams,
    reply: envelopeOf(careAccessSchema),
    access: { staff: CARE },
  }),
  revokeSession: describeConsoleCall({
    method: 'POST',
    path: `${base}/sessions/:sessionId/revoke`,
    summary: 'Sign one session of the member out (every instance, at its next request)',
    tags: TAGS,
    params: careMemberParams.extend({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/) }),
    input: reasonOnly,
    reply: envelopeOf(z.object({ revoked: z.number().int() })),
    access: { staff: CARE },
  }),
  revokeAllSessions: describeConsoleCall({
    method: 'POST',
    path: `${base}/sessions/revoke-all`,
    summary: 'Sign every session and app token of the member out',
    tags: TAGS,
    params: careMemberParams,
    input: reasonOnly,
    reply: envelopeOf(z.object({ revoked: z.number().int() })),
    access: { staff: CARE },
  }),
  unlockKidPin: describeConsoleCall({
    method: 'POST',
    path: `${base}/kid-pin/unlock`,
    summary: "Clear the kid PIN's failures and lock (the PIN itself is kept)",
    tags: TAGS,
    params: careMemberParams,
    input: reasonOnly,
    reply: envelopeOf(z.object({ wasLocked: z.boolean() })),
    access: { staff: CARE },
  }),
  refundOrder: describeConsoleCall({
    method: 'POST',
    path: `${base}/orders/:orderId/refund`,
    summary:
      'Refund a paid order in full, once (card through the provider, wallet back to its purse); above the limit or a watched rental: finance',
    tags: TAGS,
    params: careMemberParams.extend({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/) }),
    input: careRefundInputSchema,
    reply: envelopeOf(z.object({ order: careActionOrderSchema })),
    access: { staff: REFUNDERS },
  }),
  extendRental: describeConsoleCall({
    method: 'POST',
    path: `${base}/entitlements/:entitlementId/extend`,
    summary: "Extend a rental's clock (its end once started, its start-by before)",
    tags: TAGS,
    params: careMemberParams.extend({
      entitlementId: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/),
    }),
    input: careExtendInputSchema,
    reply: envelopeOf(z.object({ entitlement: careActionEntitlementSchema })),
    access: { staff: CARE },
  }),
  grantGoodwill: describeConsoleCall({
    method: 'POST',
    path: `${base}/goodwill`,
    summary: 'Grant a title or a monthly service until an end date, as a goodwill gesture',
    tags: TAGS,
    params: careMemberParams,
    input: careGoodwillInputSchema,
    reply: envelopeOf(
      z.object({ kind: z.enum(['title', 'service']), name: z.string(), endsAt: z.number().int() }),
    ),
    access: { staff: CARE },
  }),
  adjustWallet: describeConsoleCall({
    method: 'POST',
    path: `${base}/wallet/adjust`,
    summary: 'Credit or debit stored value or viewing credit, never below zero',
    tags: TAGS,
    params: careMemberParams,
    input: careWalletInputSchema,
    reply: envelopeOf(z.object({ wallet: careActionWalletSchema })),
    access: { staff: CARE },
  }),
} as const;
