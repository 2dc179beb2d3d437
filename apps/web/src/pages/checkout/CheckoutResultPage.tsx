import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { detailsPath, pageRoutes } from '@site/contract';
import { ApiError } from '../../api/client';
import { listsKey } from '../../api/lists';
import { purchasesKey, useOrder, type OrderData } from '../../api/orders';
import { useLoginInfo } from '../../api/session';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { PlayLink } from '../../features/player/PlayLink';
import { checkoutPath } from '../../features/purchase/checkout-link';
import { t } from '../../i18n/zh-TW';
import './CheckoutPage.css';
import { LoadError } from '../../features/load-error/LoadError';

/** Where "try again" goes: the same item's checkout. */
function retryPath(order: OrderData): string {
  if (order.kind === 'subscribe') {
    return checkoutPath({
      kind: 'subscribe',
      serviceId: order.serviceId ?? '',
      contentId: order.contentId ?? undefined,
    });
  }
  return checkoutPath({ kind: order.kind, contentId: order.contentId ?? '' });
}

/**
 * /checkout/result?orderId=…: where the payment provider sends the browser back, and where a
 * stored-value payment lands. The order's state is the server's (ajaxFindOrderData.do): only the
 * provider's signed callback settles it, so a 'created' order is asked again for a while.
 */
export default function CheckoutResultPage() {
  usePageTitle(t.pageTitles.checkoutResult);
  const [params] = useSearchParams();
  const location = useLocation();
  const orderId = params.get('orderId') ?? '';
  const info = useLoginInfo();
  const order = useOrder(info.data, orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const state = order.data?.state;

  // Once paid, what the member holds has changed: offers and the rental list ask again.
  useEffect(() => {
    if (state !== 'paid' || !info.data) return;
    void queryClient.invalidateQueries({ queryKey: [...purchasesKey(info.data), 'options'] });
    void queryClient.invalidateQueries({ queryKey: listsKey(info.data) });
  }, [state, info.data, queryClient]);

  // The outcome is the news of this page: put focus on its heading once it is known.
  useEffect(() => {
    if (state && state !== 'created') heading.current?.focus();
  }, [state]);

  let body: ReactNode;
  if (info.isPending) return <PageLoading />;
  if (info.data?.isLogin !== 'Y') {
    body = (
      <>
        <p>{t.purchase.loginFirst}</p>
        <Link to={paths.login(location.pathname + location.search)} className="button">
          {t.nav.login}
        </Link>
      </>
    );
  } else if (order.isError || !orderId) {
    const missing = !orderId || (order.error instanceof ApiError && order.error.httpStatus === 404);
    body = missing ? (
      <>
        <p role="alert">{t.purchase.noOrder}</p>
        <Link to={pageRoutes.home}>{t.common.backHome}</Link>
      </>
    ) : (
      <LoadError error={order.error} onRetry={() => order.refetch()} />
    );
  } else if (!order.data) {
    body = <p role="status">{t.purchase.resultLoading}</p>;
  } else {
    body = <Outcome order={order.data} onRefresh={() => void order.refetch()} />;
  }

  return (
    <div className="page checkout">
      <div className="checkout__result">
        <h1 ref={heading} tabIndex={-1}>
          {t.pageTitles.checkoutResult}
        </h1>
        {body}
      </div>
    </div>
  );
}

function Outcome({ order, onRefresh }: { order: OrderData; onRefresh: () => void }) {
  const details =
    order.contentId && order.otherId ? detailsPath(order.contentId, order.otherId) : null;
  const summary = (
    <dl className="checkout__facts">
      <dt>{t.purchase.item}</dt>
      <dd>{order.itemName}</dd>
      <dt>{t.purchase.price}</dt>
      <dd>{t.purchase.ntd(order.amount)}</dd>
      <dt>{t.purchase.orderNo}</dt>
      <dd>{order.orderId}</dd>
    </dl>
  );
  if (order.state === 'paid') {
    return (
      <>
        <p className="checkout__status" role="status">
          {t.purchase.results.paid}
        </p>
        {summary}
        {order.contentId ? (
          <PlayLink to={paths.play(order.contentId)} className="button button--primary">
            {t.purchase.watchNow}
          </PlayLink>
        ) : (
          <Link to={paths.browse()} className="button button--primary">
            {t.purchase.browse}
          </Link>
        )}
        {details ? <Link to={details}>{t.purchase.backToTitle}</Link> : null}
      </>
    );
  }
  if (order.state === 'created') {
    return (
      <>
        <p className="checkout__status" role="status">
          {t.purchase.results.created}
        </p>
        {summary}
        <p className="page__intro">{t.purchase.stillWaiting}</p>
        <button type="button" className="button" onClick={onRefresh}>
          {t.purchase.refresh}
        </button>
      </>
    );
  }
  return (
    <>
      <p className="checkout__status" role="alert">
        {t.purchase.results[order.state]}
      </p>
      {order.refundReason === 'already_entitled' ? (
        <p className="page__intro">{t.purchase.refundedAlreadyHeld}</p>
      ) : null}
      {summary}
      {order.state === 'refunded' ? null : (
        <Link to={retryPath(order)} className="button button--primary">
          {t.purchase.tryAgain}
        </Link>
      )}
      {details ? <Link to={details}>{t.purchase.backToTitle}</Link> : null}
    </>
  );
}
