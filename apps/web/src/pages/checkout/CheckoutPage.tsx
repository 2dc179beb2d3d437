import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { detailsPath, pageRoutes, type PayMethod } from '@site/contract';
import { buildPaymentUrl, usePurchaseOptions, type Offer } from '../../api/orders';
import { useLoginInfo } from '../../api/session';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { FormMessage } from '../../features/forms/FormMessage';
import { formError } from '../../features/forms/field-errors';
import { PlayLink } from '../../features/player/PlayLink';
import {
  checkoutResultPath,
  parseCheckout,
  type CheckoutItem,
} from '../../features/purchase/checkout-link';
import { t } from '../../i18n/zh-TW';
import './CheckoutPage.css';
import { LoadError } from '../../features/load-error/LoadError';
import { ApiError } from '../../api/client';

/** A refusal the server answered (not sold, not visible, bad id), as opposed to no answer. */
function isAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="page checkout">
      <h1>{t.pageTitles.checkout}</h1>
      <div className="message checkout__notice" role="alert">
        {children}
      </div>
    </div>
  );
}

function offerFor(offers: readonly Offer[], item: CheckoutItem): Offer | undefined {
  return offers.find((offer) =>
    item.kind === 'subscribe'
      ? offer.kind === 'subscribe' && offer.serviceId === item.serviceId
      : offer.kind === item.kind && offer.contentId === item.contentId,
  );
}

/**
 * /checkout?kind=rent|buy&contentId=… or ?kind=subscribe&serviceId=…: what is bought and its
 * price, both from the server (ajaxFindPurchaseOptions.do); the rental terms; card (the payment
 * provider's page) or stored value (paid at once). ajaxBuildPaymentURLData.do prices the order
 * again on the server: nothing here sends a price.
 */
export default function CheckoutPage() {
  usePageTitle(t.pageTitles.checkout);
  const location = useLocation();
  const item = parseCheckout(location.search);
  const info = useLoginInfo();
  const loggedIn = info.data?.isLogin === 'Y';
  const options = usePurchaseOptions(
    info.data,
    item
      ? { contentId: item.contentId, serviceId: 'serviceId' in item ? item.serviceId : undefined }
      : {},
    loggedIn && item !== null,
  );

  if (!item) {
    return (
      <Notice>
        <p>{t.purchase.badLink}</p>
        <Link to={pageRoutes.home}>{t.common.backHome}</Link>
      </Notice>
    );
  }
  if (info.isPending) return <PageLoading />;
  if (!loggedIn) {
    return (
      <Notice>
        <p>{t.purchase.loginFirst}</p>
        <Link
          to={paths.login(location.pathname + location.search)}
          className="button button--primary"
        >
          {t.nav.login}
        </Link>
      </Notice>
    );
  }
  // A refusal (404/403/400: not sold, not visible) is an answer; no reply at all may pass.
  if (options.isError && !isAnswer(options.error)) {
    return (
      <Notice>
        <LoadError error={options.error} onRetry={() => options.refetch()} />
      </Notice>
    );
  }
  if (options.isError) {
    return (
      <Notice>
        <p>{t.purchase.notOffered}</p>
        <Link to={pageRoutes.home}>{t.common.backHome}</Link>
      </Notice>
    );
  }
  if (!options.data) return <PageLoading />;
  const data = options.data;
  const back = data.title ? detailsPath(data.title.contentId, data.title.otherId) : pageRoutes.home;
  const offer = offerFor(data.offers, item);
  if (data.canBuy === 'N') {
    return (
      <Notice>
        <p>{t.purchase.kidNote}</p>
        <Link to={back}>{t.purchase.backToTitle}</Link>
      </Notice>
    );
  }
  if (data.held && item.kind !== 'subscribe') {
    return (
      <Notice>
        <p>{t.purchase.alreadyHeld}</p>
        <PlayLink to={paths.play(item.contentId)} className="button button--primary">
          {t.purchase.watchNow}
        </PlayLink>
      </Notice>
    );
  }
  if (!offer) {
    return (
      <Notice>
        <p>{t.purchase.notOffered}</p>
        <Link to={back}>{t.purchase.backToTitle}</Link>
      </Notice>
    );
  }
  return (
    <CheckoutForm
      item={item}
      offer={offer}
      balances={{ wallet: data.storedBalance ?? 0, credit: data.creditBalance ?? 0 }}
      back={back}
    />
  );
}

/** A purse the member may pay from: stored value always, viewing credit for titles only. */
function PurseChoice({
  method,
  balance,
  price,
  current,
  onChoose,
}: {
  method: 'wallet' | 'credit';
  balance: number;
  price: number;
  current: PayMethod;
  onChoose: (method: PayMethod) => void;
}) {
  const hintId = useId();
  const covers = balance >= price;
  return (
    <>
      <label className="checkout__choice">
        <input
          type="radio"
          name="payMethod"
          value={method}
          checked={current === method}
          disabled={!covers}
          aria-describedby={covers ? undefined : hintId}
          onChange={() => onChoose(method)}
        />
        <span>{t.purchase[method](balance)}</span>
      </label>
      {covers ? null : (
        <p id={hintId} className="form__hint">
          {method === 'wallet' ? t.purchase.walletShort : t.purchase.creditShort}
        </p>
      )}
    </>
  );
}

function CheckoutForm({
  item,
  offer,
  balances,
  back,
}: {
  item: CheckoutItem;
  offer: Offer;
  balances: { wallet: number; credit: number };
  back: string;
}) {
  const navigate = useNavigate();
  const legendId = useId();
  const [payMethod, setPayMethod] = useState<PayMethod>('card');
  const mutation = useMutation({
    mutationFn: () =>
      buildPaymentUrl(
        item.kind === 'subscribe'
          ? { kind: 'subscribe', serviceId: item.serviceId, payMethod }
          : { kind: item.kind, contentId: item.contentId, payMethod },
      ),
    onSuccess: (data) => {
      // Card: the provider's page (a full navigation); stored value or viewing credit: already paid.
      if (data.paymentUrl) window.location.assign(data.paymentUrl);
      else void navigate(checkoutResultPath(data.orderId));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  const plan =
    offer.kind === 'subscribe'
      ? t.purchase.plans.subscribe(offer.periodDays)
      : t.purchase.plans[offer.kind];

  return (
    <div className="page checkout">
      <h1>{t.pageTitles.checkout}</h1>
      <section className="checkout__summary" aria-labelledby="checkout-summary">
        <h2 id="checkout-summary">{t.purchase.summary}</h2>
        <dl>
          <dt>{t.purchase.item}</dt>
          <dd>{offer.name}</dd>
          <dt>{t.purchase.plan}</dt>
          <dd>{plan}</dd>
          <dt>{t.purchase.price}</dt>
          <dd className="checkout__price">{t.purchase.ntd(offer.price)}</dd>
        </dl>
        {offer.kind === 'rent' ? (
          <p className="checkout__terms">
            <strong>{t.purchase.rentalTermsLabel}</strong>：{t.purchase.rentalTerms}
          </p>
        ) : null}
      </section>
      <form className="form checkout__form" onSubmit={submit}>
        <fieldset aria-labelledby={legendId}>
          <legend id={legendId}>{t.purchase.payMethod}</legend>
          <label className="checkout__choice">
            <input
              type="radio"
              name="payMethod"
              value="card"
              checked={payMethod === 'card'}
              onChange={() => setPayMethod('card')}
            />
            <span>{t.purchase.card}</span>
          </label>
          <PurseChoice
            method="wallet"
            balance={balances.wallet}
            price={offer.price}
            current={payMethod}
            onChoose={setPayMethod}
          />
          {offer.kind === 'subscribe' ? null : (
            <PurseChoice
              method="credit"
              balance={balances.credit}
              price={offer.price}
              current={payMethod}
              onChoose={setPayMethod}
            />
          )}
        </fieldset>
        <FormMessage error={formError(mutation.error, t.common.actionFailed)} />
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={mutation.isPending || mutation.isSuccess}
          >
            {mutation.isPending || mutation.isSuccess
              ? t.purchase.paying
              : t.purchase.pay(offer.price)}
          </button>
          <Link to={back} className="button">
            {t.common.cancel}
          </Link>
        </div>
      </form>
    </div>
  );
}
