import type { Offer } from '../../api/orders';
import { t } from '../../i18n/zh-TW';
import type { CheckoutItem } from './checkout-link';

/** The button text of an offer: rent, buy, or subscribe to a service, with its price. */
export function offerLabel(offer: Offer): string {
  if (offer.kind === 'subscribe') return t.purchase.subscribe(offer.name, offer.price);
  return offer.kind === 'rent' ? t.purchase.rent(offer.price) : t.purchase.buy(offer.price);
}

/** What checking out an offer buys (a subscription remembers the title it was offered from). */
export function checkoutItemOf(offer: Offer, contentId: string): CheckoutItem {
  return offer.kind === 'subscribe'
    ? { kind: 'subscribe', serviceId: offer.serviceId, contentId }
    : { kind: offer.kind, contentId: offer.contentId };
}
