import { Link } from 'react-router';
import type { LoginInfo, VideoDetail } from '@site/contract';
import { usePurchaseOptions } from '../../api/orders';
import { paths } from '../../routing/paths';
import { t } from '../../i18n/zh-TW';
import { PlayLink } from '../player/PlayLink';
import { checkoutPath } from './checkout-link';
import { heldNote } from './held-note';
import { checkoutItemOf, offerLabel } from './offers';
import './Purchase.css';

/** Sell types that are bought rather than played freely; the detail page shows this for them. */
export const soldTypes: readonly string[] = ['RENT', 'BUY', 'MONTHLY'];

/**
 * The detail page's rent / buy / subscribe buttons for a title that is sold, with the server's
 * prices (ajaxFindPurchaseOptions.do), each leading to checkout; 立即觀看 instead when the member
 * already holds a right. While loading or after a failure it shows nothing (a quiet background
 * call, DESIGN §4): the rest of the page stays usable.
 */
export function PurchaseOptions({
  detail,
  info,
}: {
  detail: VideoDetail;
  info: LoginInfo | undefined;
}) {
  const options = usePurchaseOptions(info, { contentId: detail.contentId }).data;
  if (!options) return <div className="purchase" aria-busy="true" />;

  if (options.held) {
    return (
      <section className="purchase" aria-label={t.purchase.offersLabel}>
        <div className="purchase__actions">
          <PlayLink to={paths.play(detail.contentId)} className="button button--primary">
            {t.purchase.watchNow}
          </PlayLink>
        </div>
        <p className="purchase__note">{heldNote(options.held)}</p>
      </section>
    );
  }
  if (options.offers.length === 0) {
    return (
      <section className="purchase" aria-label={t.purchase.offersLabel}>
        <p className="purchase__note">{t.purchase.notOffered}</p>
      </section>
    );
  }
  const kid = options.isLogin === 'Y' && options.canBuy === 'N';
  return (
    <section className="purchase" aria-label={t.purchase.offersLabel}>
      {kid ? (
        <p className="purchase__note">{t.purchase.kidNote}</p>
      ) : (
        <div className="purchase__actions">
          {options.offers.map((offer, i) => (
            <Link
              key={offer.kind === 'subscribe' ? offer.serviceId : offer.kind}
              to={checkoutPath(checkoutItemOf(offer, detail.contentId))}
              className={i === 0 ? 'button button--primary' : 'button'}
            >
              {offerLabel(offer)}
            </Link>
          ))}
        </div>
      )}
      {options.offers.some((offer) => offer.kind === 'rent') && !kid ? (
        <p className="purchase__note">
          {t.purchase.rentalTermsLabel}：{t.purchase.rentalTerms}
        </p>
      ) : null}
    </section>
  );
}
