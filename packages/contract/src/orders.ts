import { z } from 'zod';
import { plainId, yn } from './fields.js';
import { sellTypeSchema } from './catalogue.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

/*
 * Orders and payments (issue 11 item 2; docs/adr/0021-orders-and-payments.md). Prices never
 * travel from the client: the server reads them from its catalogue, and a body naming a price or
 * an amount (or any other field it does not know) is refused with 400.
 */

const id = plainId();

export const orderKinds = ['rent', 'buy', 'subscribe'] as const;
export const orderKindSchema = z.enum(orderKinds);
export type OrderKind = z.infer<typeof orderKindSchema>;

/**
 * 'card' goes through the payment provider's redirect; 'wallet' spends stored value (儲值金) at
 * once; 'credit' spends viewing credit (看片金) at once, for a title only (rent or buy), soonest
 * expiring credit first (docs/adr/0021).
 */
export const payMethods = ['card', 'wallet', 'credit'] as const;
export const payMethodSchema = z.enum(payMethods);
export type PayMethod = z.infer<typeof payMethodSchema>;

/**
 * created → paid | failed | cancelled | refunded (an approved payment that would give a right
 * already held is not taken); paid → refunded (an operator).
 */
export const orderStates = ['created', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const orderStateSchema = z.enum(orderStates);
export type OrderState = z.infer<typeof orderStateSchema>;

export const orderIdSchema = id;

/** Why an order was refunded: it would have given a right already held, or an operator did. */
export const refundReasons = ['already_entitled', 'operator'] as const;
export const refundReasonSchema = z.enum(refundReasons);
export type RefundReason = z.infer<typeof refundReasonSchema>;

/** SPEC §4/§9: the rental terms the checkout shows (start within 168 h, then 48 h to finish). */
export const RENTAL_TERMS = { startHours: 168, watchHours: 48 } as const;

const payMethod = payMethodSchema.default('card');

/**
 * POST ajaxBuildPaymentURLData.do: what to buy and how to pay. Strict: a client-sent price,
 * amount or anything else unknown is refused (400), never read.
 */
export const buildPaymentUrlBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rent'), contentId: id, payMethod }),
  z.strictObject({ kind: z.literal('buy'), contentId: id, payMethod }),
  z.strictObject({ kind: z.literal('subscribe'), serviceId: id, payMethod }),
]);
export type BuildPaymentUrlBody = z.input<typeof buildPaymentUrlBodySchema>;

export const buildPaymentUrlDataSchema = z.object({
  orderId: z.string(),
  state: orderStateSchema,
  /** NT$, as the server priced it. */
  amount: z.number().int(),
  /** Where to send the browser to pay (card); null when the order is already settled (wallet). */
  paymentUrl: z.string().nullable(),
});
export type BuildPaymentUrlData = z.infer<typeof buildPaymentUrlDataSchema>;
export const buildPaymentUrlReplySchema = envelopeOf(buildPaymentUrlDataSchema);

/** GET ajaxFindOrderData.do?orderId=: one of the account's own orders (the result page). */
export const findOrderQuerySchema = z.object({ orderId: orderIdSchema });

export const orderSchema = z.object({
  orderId: z.string(),
  kind: orderKindSchema,
  /** The title bought or rented (null for a subscription). */
  contentId: z.string().nullable(),
  /** Its detail-page context id (the series of an episode, else itself). */
  otherId: z.string().nullable(),
  serviceId: z.string().nullable(),
  /** What was bought: the title's or the service's name. */
  itemName: z.string(),
  amount: z.number().int(),
  payMethod: payMethodSchema,
  state: orderStateSchema,
  /** Set when state is 'refunded'. */
  refundReason: refundReasonSchema.nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;
export const findOrderDataSchema = z.object({ order: orderSchema });
export const findOrderReplySchema = envelopeOf(findOrderDataSchema);

/** GET ajaxFindPurchaseOptions.do: what the detail and checkout pages may offer. */
export const purchaseOptionsQuerySchema = z
  .object({ contentId: id.optional(), serviceId: id.optional() })
  .refine((q) => q.contentId !== undefined || q.serviceId !== undefined, {
    message: '請指定影片或月租服務。',
    path: ['contentId'],
  });

export const purchaseOfferSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['rent', 'buy']),
    contentId: z.string(),
    name: z.string(),
    price: z.number().int(),
  }),
  z.object({
    kind: z.literal('subscribe'),
    serviceId: z.string(),
    name: z.string(),
    price: z.number().int(),
    periodDays: z.number().int(),
  }),
]);
export type PurchaseOffer = z.infer<typeof purchaseOfferSchema>;

/** A right the account already holds on the title (then the page offers 立即觀看 instead). */
export const heldRightSchema = z.object({
  kind: z.enum(['buy', 'rent', 'service']),
  /** Rentals: the moment to start by (before the first play). */
  startBy: z.number().int().nullable(),
  /** Rentals once started: the end of the 48 hours. Services: the end of the paid period. */
  expiresAt: z.number().int().nullable(),
});
export type HeldRight = z.infer<typeof heldRightSchema>;

export const purchaseOptionsDataSchema = z.object({
  isLogin: yn,
  /** N for a kid sub-account (kids do not buy; docs/adr/0021) and for anonymous viewers. */
  canBuy: yn,
  /** The title asked about, when one was. */
  title: z
    .object({
      contentId: z.string(),
      otherId: z.string(),
      contentName: z.string(),
      isSeries: yn,
      sellType: sellTypeSchema,
      posterUrl: z.string(),
    })
    .nullable(),
  offers: z.array(purchaseOfferSchema),
  held: heldRightSchema.nullable(),
  /** The stored-value balance (NT$) of a member who may buy; null otherwise. */
  storedBalance: z.number().int().nullable(),
  /** Viewing credit still running (NT$); null for a visitor or a kid sub-account. */
  creditBalance: z.number().int().nullable(),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsDataSchema>;
export const purchaseOptionsReplySchema = envelopeOf(purchaseOptionsDataSchema);

/** The checkout's calls (docs/adr/0021), each described once (issue 21, call.ts). */
export const orderCalls = {
  buildPaymentURLData: describeCall({
    method: 'POST',
    path: siteCalls.buildPaymentURLData,
    summary:
      'Creates an order priced from the catalogue; card: the payment URL, wallet: paid at once',
    tags: ['commerce'],
    input: buildPaymentUrlBodySchema,
    reply: buildPaymentUrlReplySchema,
    access: { who: 'adult', kidRefusal: 'purchase' },
    cache: 'private',
  }),
  findOrderData: describeCall({
    method: 'GET',
    path: siteCalls.findOrderData,
    summary: "One of the member's own orders (another account's is 404)",
    tags: ['commerce'],
    input: findOrderQuerySchema,
    reply: findOrderReplySchema,
    access: { who: 'member' },
    cache: 'private',
  }),
  findPurchaseOptions: describeCall({
    method: 'GET',
    path: siteCalls.findPurchaseOptions,
    summary: 'Offers and prices for a title or a service, the right already held, the balance',
    tags: ['commerce'],
    input: purchaseOptionsQuerySchema,
    reply: purchaseOptionsReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
};
