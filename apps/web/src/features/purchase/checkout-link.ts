import { pageRoutes, type OrderKind } from '@site/contract';
import { buildQuery } from '../../api/query-string';

/** What a checkout is for: a title to rent or buy, or a monthly service (with the title it came from). */
export type CheckoutItem =
  | { kind: 'rent' | 'buy'; contentId: string }
  | { kind: 'subscribe'; serviceId: string; contentId?: string | undefined };

const ID = /^[A-Za-z0-9_-]{1,40}$/;

/** The checkout page for an item. The price is never in the link: the server prices the order. */
export function checkoutPath(item: CheckoutItem): string {
  return pageRoutes.checkout + buildQuery({ ...item });
}

export function checkoutResultPath(orderId: string): string {
  return pageRoutes.checkoutResult + buildQuery({ orderId });
}

/** The item a checkout link names, or null when the link is incomplete or malformed. */
export function parseCheckout(search: string): CheckoutItem | null {
  const params = new URLSearchParams(search);
  const kind = params.get('kind') as OrderKind | null;
  const contentId = params.get('contentId') ?? undefined;
  const serviceId = params.get('serviceId') ?? undefined;
  const valid = (id: string | undefined): id is string => id !== undefined && ID.test(id);
  if ((kind === 'rent' || kind === 'buy') && valid(contentId)) return { kind, contentId };
  if (kind === 'subscribe' && valid(serviceId)) {
    return { kind, serviceId, ...(valid(contentId) ? { contentId } : {}) };
  }
  return null;
}
