import { useState } from 'react';
import type { LoginInfo } from '@site/contract';
import { useOrderList } from '../../api/account-centre';
import { t } from '../../i18n/zh-TW';
import { OrderRow } from './OrderRow';
import { PageButtons } from './PageButtons';
import { QueryState } from './QueryState';
import { Section } from './Section';

const o = t.accountCentre.orders;
const PAGE_SIZE = 10;

/** 訂單與收據: the account's orders, newest first, ten to a page; a paid one opens its receipt. */
export function OrdersSection({ info }: { info: LoginInfo }) {
  const [startIndex, setStartIndex] = useState(0);
  const orders = useOrderList(info, startIndex, PAGE_SIZE);
  return (
    <Section id="orders" heading={o.heading} wide>
      <QueryState query={orders}>
        {({ orders: list, totalCount }) =>
          list.length === 0 ? (
            <p>{o.empty}</p>
          ) : (
            <>
              <ul className="account-centre__orders">
                {list.map((order) => (
                  <OrderRow key={order.orderId} info={info} order={order} />
                ))}
              </ul>
              <PageButtons
                what={o.heading}
                startIndex={startIndex}
                totalCount={totalCount}
                pageSize={PAGE_SIZE}
                onPage={setStartIndex}
              />
            </>
          )
        }
      </QueryState>
    </Section>
  );
}
