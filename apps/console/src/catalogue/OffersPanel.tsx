import { consoleCatalogueCalls, type ConsoleTitle } from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConsoleCallError, call } from '../api/call';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';
import { priceOf, priceText } from './offers';

/**
 * 價格: a title's rent and buy prices and its monthly services (issue 22 item 5). The title's own
 * sell type (in its fields) always keeps a price; the other way is offered besides when priced,
 * and left empty is not.
 * Saved on the title's version seen; a stale one is refused and the title reloaded.
 */
export function OffersPanel({
  title,
  editable,
  onSaved,
  onStale,
}: {
  title: ConsoleTitle;
  editable: boolean;
  onSaved: (version: number) => void;
  onStale: () => void;
}) {
  const headingId = useId();
  const offers = useQuery({
    queryKey: ['console', 'title', title.contentId, 'offers', title.version],
    queryFn: () => call(consoleCatalogueCalls.getTitleOffers, { contentId: title.contentId }),
  });
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>價格</h2>
      {offers.isPending ? (
        <p aria-busy="true">載入中…</p>
      ) : offers.isError ? (
        <Alert>{offers.error.message}</Alert>
      ) : (
        <OffersForm
          key={offers.data.version}
          title={title}
          initial={offers.data}
          editable={editable}
          onSaved={onSaved}
          onStale={onStale}
        />
      )}
    </section>
  );
}

const FIELDS = [
  { name: 'rentPrice', label: '租借價格（新台幣）', own: 'RENT' },
  { name: 'buyPrice', label: '購買價格（新台幣）', own: 'BUY' },
] as const;

function OffersForm({
  title,
  initial,
  editable,
  onSaved,
  onStale,
}: {
  title: ConsoleTitle;
  initial: {
    rentPrice: number | null;
    buyPrice: number | null;
    serviceIds: string[];
    services: { serviceId: string; name: string; price: number }[];
  };
  editable: boolean;
  onSaved: (version: number) => void;
  onStale: () => void;
}) {
  const formId = useId();
  const [texts, setTexts] = useState({
    rentPrice: priceText(initial.rentPrice),
    buyPrice: priceText(initial.buyPrice),
  });
  const [serviceIds, setServiceIds] = useState<string[]>(initial.serviceIds);
  const [problems, setProblems] = useState<
    Partial<Record<'rentPrice' | 'buyPrice' | 'serviceIds', string>>
  >({});
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const rent = priceOf(texts.rentPrice, title.sellType === 'RENT');
    const buy = priceOf(texts.buyPrice, title.sellType === 'BUY');
    const found = {
      ...(rent.problem ? { rentPrice: rent.problem } : {}),
      ...(buy.problem ? { buyPrice: buy.problem } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await call(consoleCatalogueCalls.setTitleOffers, {
        contentId: title.contentId,
        version: title.version,
        rentPrice: rent.price,
        buyPrice: buy.price,
        serviceIds,
      });
      onSaved(reply.version);
    } catch (error) {
      const stale = error instanceof ConsoleCallError && error.code === 'STALE_EDIT';
      if (error instanceof ConsoleCallError && !stale) {
        const fields = Object.fromEntries(error.fields.map((f) => [f.name, f.problem]));
        setProblems(fields);
      }
      setFailure({
        text: stale
          ? '這部影片已被其他人修改，請重新載入後再設定價格。'
          : error instanceof Error
            ? error.message
            : '發生未預期的錯誤，請再試一次。',
        stale,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={formId} onSubmit={(e) => void save(e)} noValidate>
      {failure && (
        <Alert>
          {failure.text}{' '}
          {failure.stale && (
            <button type="button" className="button" onClick={onStale}>
              重新載入
            </button>
          )}
        </Alert>
      )}
      {FIELDS.map((field) => {
        const id = `${formId}-${field.name}`;
        const own = title.sellType === field.own;
        return (
          <Field
            key={field.name}
            id={id}
            label={field.label}
            error={problems[field.name]}
            hint={own ? '這部影片的銷售方式，一定要有價格。' : '留空：不提供這種方式。'}
          >
            <input
              {...describedBy(id, problems[field.name], true)}
              inputMode="numeric"
              value={texts[field.name]}
              readOnly={!editable}
              onChange={(e) => setTexts({ ...texts, [field.name]: e.target.value })}
            />
          </Field>
        );
      })}
      <fieldset
        className="checks"
        aria-describedby={problems.serviceIds ? `${formId}-services-error` : undefined}
      >
        <legend>月租服務（訂閱者可觀看）</legend>
        {initial.services.length === 0 ? (
          <p className="hint">目前沒有月租服務。</p>
        ) : (
          initial.services.map((service) => {
            const id = `${formId}-service-${service.serviceId}`;
            return (
              <div className="check" key={service.serviceId}>
                <input
                  type="checkbox"
                  id={id}
                  checked={serviceIds.includes(service.serviceId)}
                  disabled={!editable}
                  onChange={(e) =>
                    setServiceIds(
                      e.target.checked
                        ? [...serviceIds, service.serviceId]
                        : serviceIds.filter((s) => s !== service.serviceId),
                    )
                  }
                />
                <label htmlFor={id}>
                  {service.name}（每期 NT${service.price.toLocaleString('zh-TW')}）
                </label>
              </div>
            );
          })
        )}
        {problems.serviceIds && (
          <p className="field__error" id={`${formId}-services-error`}>
            {problems.serviceIds}
          </p>
        )}
      </fieldset>
      {editable && (
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? '儲存中…' : '儲存價格'}
        </button>
      )}
    </form>
  );
}
