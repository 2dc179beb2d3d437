import type { IncomingHttpHeaders } from 'node:http';
import type { OrderState } from '@site/contract';

/*
 * A card payment provider with a redirect checkout (docs/adr/0021-orders-and-payments.md): we
 * send the browser to the provider with a signed request; the provider tells our server the
 * outcome in a signed server-to-server callback, then sends the browser back to our result page.
 * Only the callback settles an order; the browser's return proves nothing.
 */

export type PaymentOutcome = 'approved' | 'declined' | 'cancelled';

/** What an outcome does to an order still in state 'created'. */
export const STATE_OF_OUTCOME: Record<
  PaymentOutcome,
  Exclude<OrderState, 'created' | 'refunded'>
> = {
  approved: 'paid',
  declined: 'failed',
  cancelled: 'cancelled',
};

/** What the provider is asked to charge. */
export interface PaymentRequest {
  orderId: string;
  /** NT$, from our catalogue. */
  amount: number;
  /** Shown on the provider's page. */
  itemName: string;
  /** Where the provider sends the browser back to (a path of this site). */
  returnPath: string;
  now: number;
}

/** A verified callback: the provider says this about that order, once per event id. */
export interface CallbackEvent {
  eventId: string;
  orderId: string;
  outcome: PaymentOutcome;
  /** NT$ the provider charged (or would have); must equal the order's amount. */
  amount: number;
}

/** A callback as it arrived: the exact bytes of the body and the headers. */
export interface CallbackDelivery {
  rawBody: string;
  headers: IncomingHttpHeaders;
}

export interface PaymentProvider {
  /** Names the provider in payment_callback.provider and in the callback path. */
  readonly name: string;
  /** The URL to send the browser to, carrying a signed request for this order. */
  buildRedirect(request: PaymentRequest): string;
  /**
   * The event a callback carries, when its signature is the provider's and it is fresh; throws
   * AppError PAYMENT_SIGNATURE_INVALID (401) otherwise, BAD_INPUT for a signed but unreadable body.
   */
  verifyCallback(delivery: CallbackDelivery, now: number): CallbackEvent;
  /**
   * Gives back an approved payment of this order in full (a void before capture, a refund after:
   * the provider's choice). Idempotent per order at the provider: asking twice refunds once and
   * answers the same refund id. Rejects when the provider refuses or cannot be reached.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** What the provider is asked to give back: the whole amount of one order. */
export interface RefundRequest {
  orderId: string;
  amount: number;
  now: number;
}

/** The path where a provider's callbacks arrive (not under /ajax: no session, no CSRF). */
export function callbackPath(provider: Pick<PaymentProvider, 'name'>): string {
  return `/payments/${provider.name}/callback`;
}
