import { Link, useLocation } from 'react-router';
import { detailsPath, pageRoutes, type LoginInfo } from '@site/contract';
import type { ApiError } from '../../api/client';
import { usePurchaseOptions, type Offer } from '../../api/orders';
import { paths, returnToHere } from '../../routing/paths';
import { checkoutPath } from '../../features/purchase/checkout-link';
import { checkoutItemOf, offerLabel } from '../../features/purchase/offers';
import { t } from '../../i18n/zh-TW';

/** What an offer gives, beside its price: 30 天 of a service, a rental's window, a purchase. */
function offerTerms(offer: Offer): string {
  if (offer.kind === 'subscribe') return t.play.offerTerms.subscribe(offer.periodDays);
  return offer.kind === 'rent' ? t.purchase.rentalTerms : t.play.offerTerms.buy;
}

/**
 * The play right was refused (401 not logged in, 403 not held): the server's zh-TW message, then
 * the ways to get the right — log in, rent / buy / subscribe (checkout, with the server's
 * prices), the details page, or a voucher (/redeem). A 404 (hidden or missing) shows only the
 * message and the way home.
 *
 * A visitor is never left at 您未登入 alone (issue 20 item 17, docs/adr/0030): they see what the
 * title costs (the offers ajaxFindPurchaseOptions.do gives visitors too), each offer logs in and
 * goes on to its checkout, and 登入會員 / 註冊 both come back to this play page.
 */
export function Refused({
  contentId,
  error,
  info,
}: {
  contentId: string;
  error: ApiError | Error;
  info: LoginInfo | undefined;
}) {
  const location = useLocation();
  const status = 'httpStatus' in error ? error.httpStatus : 0;
  const gettable = status === 401 || status === 403;
  const options = usePurchaseOptions(info, { contentId }, gettable).data;
  const visitor = status === 401 || info?.isLogin === 'N';
  // Visitors are offered what members could buy; a kid (canBuy N, signed in) is not.
  const offers = options && (visitor || options.canBuy === 'Y') ? options.offers : [];
  const title = options?.title;
  const here = returnToHere(location);

  return (
    <div className="message message--error play__refused" role="alert">
      <p>{error.message}</p>
      {gettable && visitor ? <p>{t.play.loginHint}</p> : null}
      {gettable && offers.length > 0 ? (
        // The group carries the name: a list is not an element aria-label is meant for.
        <div role="group" aria-label={t.play.offersLabel}>
          <ul className="play__offers">
            {offers.map((offer) => {
              const checkout = checkoutPath(checkoutItemOf(offer, contentId));
              return (
                <li key={offer.kind === 'subscribe' ? offer.serviceId : offer.kind}>
                  <Link
                    to={visitor ? paths.login(checkout) : checkout}
                    className="button button--primary"
                  >
                    {visitor ? t.play.loginAnd(offerLabel(offer)) : offerLabel(offer)}
                  </Link>{' '}
                  <span className="play__offer-terms">{offerTerms(offer)}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {gettable ? (
        <nav className="play__ways" aria-label={t.play.getRight}>
          {visitor ? (
            <>
              <Link to={paths.login(here)} className="button button--primary">
                {t.play.loginToWatch}
              </Link>
              <Link to={paths.signUp(here)} className="button">
                {t.play.signUpToWatch}
              </Link>
            </>
          ) : null}
          {title ? (
            <Link to={detailsPath(title.contentId, title.otherId)} className="button">
              {t.play.toDetails}
            </Link>
          ) : null}
          <Link
            to={visitor ? paths.login(pageRoutes.redeem) : pageRoutes.redeem}
            className="button"
          >
            {t.play.redeem}
          </Link>
        </nav>
      ) : (
        <Link to={pageRoutes.home} className="button">
          {t.common.backHome}
        </Link>
      )}
    </div>
  );
}
