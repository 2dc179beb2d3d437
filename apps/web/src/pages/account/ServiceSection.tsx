import { Link } from 'react-router';
import type { LoginInfo } from '@site/contract';
import { useMonthlyServices } from '../../api/account-centre';
import { formatDateTime } from '../../features/catalogue/format';
import { checkoutPath } from '../../features/purchase/checkout-link';
import { t } from '../../i18n/zh-TW';
import { QueryState } from './QueryState';
import { Section } from './Section';

const s = t.accountCentre.service;

/**
 * 月租服務: each service held, running or ended, paid until when. Periods are paid ahead and
 * never renewed by themselves (docs/adr/0041), so a running one says when it ends and offers 續訂.
 */
export function ServiceSection({ info }: { info: LoginInfo }) {
  const services = useMonthlyServices(info);
  return (
    <Section id="service" heading={s.heading}>
      <QueryState query={services}>
        {(list) =>
          list.length === 0 ? (
            <p>{s.none}</p>
          ) : (
            <ul className="account-centre__services">
              {list.map((service) => {
                const until = formatDateTime(service.paidUntil);
                const active = service.active === 'Y';
                return (
                  <li key={service.serviceId} className="account-centre__service">
                    <h3>
                      {service.name}{' '}
                      <span className={`badge${active ? ' badge--primary' : ''}`}>
                        {active ? s.active : s.ended}
                      </span>
                    </h3>
                    <p>{s.price(service.price, service.periodDays)}</p>
                    {active ? (
                      <>
                        <p>{s.paidUntil(until)}</p>
                        <p>{s.ends(until)}</p>
                      </>
                    ) : (
                      <p>{s.endedOn(until)}</p>
                    )}
                    <Link
                      to={checkoutPath({ kind: 'subscribe', serviceId: service.serviceId })}
                      aria-label={`${s.buyAgain}「${service.name}」`}
                    >
                      {s.buyAgain}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </Section>
  );
}
