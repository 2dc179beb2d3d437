import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import {
  callbackPath,
  type CallbackDelivery,
  type CallbackEvent,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type RefundRequest,
} from './provider.js';

/*
 * The sandbox provider (ADR 0021): a stand-in for a card acquirer's redirect checkout, served by
 * this server under /sandbox-pay/ (sandbox-pages.ts). It signs and checks the same things a real
 * one does, with its own secret (PAYMENT_SANDBOX_SECRET):
 *
 *   checkout link  sig = hex(HMAC-SHA256(secret,
 *                    "checkout\n{orderId}\n{amount}\n{expires}\n{returnUrl}\n{item}"))
 *   callback       x-sandbox-signature = hex(HMAC-SHA256(secret,
 *                    "{x-sandbox-timestamp}.{x-sandbox-event-id}.{raw body}"))
 *
 *   refund         refund id = "rf_" + hex(HMAC-SHA256(secret, "refund\n{orderId}\n{amount}"))[0..24]
 *
 * A callback is accepted within CALLBACK_MAX_SKEW_SECONDS of its timestamp; its event id is
 * recorded (payment_callback), so a replay changes nothing. A refund moves no money (nothing
 * moved); its id is derived from the order, so asking twice answers the same refund, as a real
 * acquirer's idempotency key does.
 */

export const SANDBOX = 'sandbox';

export const SANDBOX_PATHS = {
  checkout: '/sandbox-pay/checkout',
  decide: '/sandbox-pay/decide',
  style: '/sandbox-pay/sandbox.css',
  callback: callbackPath({ name: SANDBOX }),
} as const;

export const SANDBOX_HEADERS = {
  eventId: 'x-sandbox-event-id',
  timestamp: 'x-sandbox-timestamp',
  signature: 'x-sandbox-signature',
} as const;

/** How long a checkout link works. */
export const CHECKOUT_TTL_SECONDS = 30 * 60;
/** How far a callback's timestamp may be from our clock. */
export const CALLBACK_MAX_SKEW_SECONDS = 300;

const orderIdText = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** A path on this site: one leading slash, no scheme or host, no spaces or backslashes. */
const sitePath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s\\]*$/);

/** The fields of a signed checkout request, as they travel in the link and the page's form. */
export const checkoutParamsSchema = z.object({
  orderId: orderIdText,
  amount: z.string().regex(/^[1-9]\d{0,8}$/),
  expires: z.string().regex(/^\d{1,12}$/),
  returnUrl: sitePath,
  item: z.string().min(1).max(200),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});
export type CheckoutParams = z.infer<typeof checkoutParamsSchema>;

export interface CheckoutRequest {
  orderId: string;
  amount: number;
  expires: number;
  returnUrl: string;
  item: string;
}

export type CheckoutCheck =
  | { ok: true; request: CheckoutRequest; params: CheckoutParams }
  | { ok: false; reason: 'invalid' | 'expired' };

const callbackBodySchema = z.strictObject({
  eventId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  orderId: orderIdText,
  outcome: z.enum(['approved', 'declined', 'cancelled']),
  amount: z.number().int().min(0),
  currency: z.literal('TWD'),
});

function hmac(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function checkoutSigningText(r: CheckoutRequest): string {
  return `checkout\n${r.orderId}\n${r.amount}\n${r.expires}\n${r.returnUrl}\n${r.item}`;
}

export function callbackSigningText(timestamp: string, eventId: string, rawBody: string): string {
  return `${timestamp}.${eventId}.${rawBody}`;
}

const signatureRefused = (detail: string) =>
  new AppError('PAYMENT_SIGNATURE_INVALID', undefined, detail);

export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX;

  constructor(private readonly secret: string) {}

  buildRedirect(request: PaymentRequest): string {
    const signed: CheckoutRequest = {
      orderId: request.orderId,
      amount: request.amount,
      expires: request.now + CHECKOUT_TTL_SECONDS,
      returnUrl: request.returnPath,
      item: request.itemName,
    };
    const query = new URLSearchParams({
      orderId: signed.orderId,
      amount: String(signed.amount),
      expires: String(signed.expires),
      returnUrl: signed.returnUrl,
      item: signed.item,
      sig: hmac(this.secret, checkoutSigningText(signed)),
    });
    return `${SANDBOX_PATHS.checkout}?${query.toString()}`;
  }

  /** The sandbox's own check of a checkout link (or of its page's form, which repeats it). */
  verifyCheckout(input: unknown, now: number): CheckoutCheck {
    const parsed = checkoutParamsSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: 'invalid' };
    const params = parsed.data;
    const request: CheckoutRequest = {
      orderId: params.orderId,
      amount: Number(params.amount),
      expires: Number(params.expires),
      returnUrl: params.returnUrl,
      item: params.item,
    };
    if (!sameHex(params.sig, hmac(this.secret, checkoutSigningText(request)))) {
      return { ok: false, reason: 'invalid' };
    }
    if (request.expires < now) return { ok: false, reason: 'expired' };
    return { ok: true, request, params };
  }

  /** A callback as the sandbox sends it: the body's exact text and its signed headers. */
  signCallback(
    event: { orderId: string; outcome: PaymentOutcome; amount: number },
    timestamp: number,
    eventId = `evt_${crypto.randomBytes(12).toString('base64url')}`,
  ): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({ eventId, ...event, currency: 'TWD' });
    const stamp = String(timestamp);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.eventId]: eventId,
        [SANDBOX_HEADERS.timestamp]: stamp,
        [SANDBOX_HEADERS.signature]: hmac(this.secret, callbackSigningText(stamp, eventId, body)),
      },
    };
  }

  refund(request: RefundRequest): Promise<{ refundId: string }> {
    if (!orderIdText.safeParse(request.orderId).success || !(request.amount > 0)) {
      return Promise.reject(new Error('sandbox refund: bad order id or amount'));
    }
    const digest = hmac(this.secret, `refund\n${request.orderId}\n${request.amount}`);
    return Promise.resolve({ refundId: `rf_${digest.slice(0, 24)}` });
  }

  verifyCallback(delivery: CallbackDelivery, now: number): CallbackEvent {
    const header = (name: string) => {
      const value = delivery.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const eventId = header(SANDBOX_HEADERS.eventId);
    const timestamp = header(SANDBOX_HEADERS.timestamp);
    const signature = header(SANDBOX_HEADERS.signature).toLowerCase();
    if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature) || !eventId) {
      throw signatureRefused('付款通知缺少簽章。');
    }
    const expected = hmac(this.secret, callbackSigningText(timestamp, eventId, delivery.rawBody));
    if (!sameHex(signature, expected)) throw signatureRefused('付款通知簽章不符。');
    if (Math.abs(now - Number(timestamp)) > CALLBACK_MAX_SKEW_SECONDS) {
      throw signatureRefused('付款通知已逾時。');
    }
    let json: unknown;
    try {
      json = JSON.parse(delivery.rawBody);
    } catch {
      throw new AppError('BAD_INPUT');
    }
    const body = callbackBodySchema.safeParse(json);
    if (!body.success || body.data.eventId !== eventId) throw new AppError('BAD_INPUT');
    const { orderId, outcome, amount } = body.data;
    return { eventId, orderId, outcome, amount };
  }
}
