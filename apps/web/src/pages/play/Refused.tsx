import { Link, useLocation } from 'react-router';
import { detailsPath, pageRoutes, type LoginInfo } from '@site/contract';
import type { ApiError } from '../../api/client';
import { usePurchaseOptions } from '../../api/orders';
import { paths, returnToHere } from '../../app/paths';
import { checkoutPath } from '../../features/purchase/checkout-link';
import { checkoutItemOf, offerLabel } from '../../features/purchase/offers';
import { t } from '../../i18n/zh-TW';

/**
 * The play right was refused (401 not logged in, 403 not held): the server's zh-TW message, then
 * the ways to get the right — log in, rent / buy / subscribe (checkout, with the server's
 * prices), the details page, or a voucher (/redeem). A 404 (hidden or missing) shows only the
 * message and the way home.
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
  const canBuy = options?.canBuy === 'Y';
  const title = options?.title;

  return (
    <div className="message message--error play__refused" role="alert">
      <p>{error.message}</p>
      {gettable ? (
        <nav className="play__ways" aria-label={t.play.getRight}>
          {status === 401 || info?.isLogin === 'N' ? (
            <Link to={paths.login(returnToHere(location))} className="button button--primary">
              {t.play.loginToWatch}
            </Link>
          ) : null}
          {canBuy
            ? options.offers.map((offer) => (
                <Link
                  key={offer.kind === 'subscribe' ? offer.serviceId : offer.kind}
                  to={checkoutPath(checkoutItemOf(offer, contentId))}
                  className="button button--primary"
                >
                  {offerLabel(offer)}
                </Link>
              ))
            : null}
          {title ? (
            <Link to={detailsPath(title.contentId, title.otherId)} className="button">
              {t.play.toDetails}
            </Link>
          ) : null}
          <Link to={pageRoutes.redeem} className="button">
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
