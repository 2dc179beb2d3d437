import { useId, useState } from 'react';
import type { LoginInfo, OrderListItem } from '@site/contract';
import { formatDateTime } from '../../features/catalogue/format';
import { t } from '../../i18n/zh-TW';
import { labelOf } from './format';
import { ReceiptView } from './ReceiptView';

const o = t.accountCentre.orders;
const w = t.redeem.wallet;

/** One order: what, how sold, amount, how paid, state, when paid; 收據 below a paid one. */
export function OrderRow({ info, order }: { info: LoginInfo; order: OrderListItem }) {
  const [open, setOpen] = useState(false);
  const receiptId = useId();
  return (
    <li className="account-centre__order">
      <h3 className="account-centre__order-name">{order.itemName}</h3>
      <dl className="account-centre__order-facts">
        <div>
          <dt>{o.kind}</dt>
          <dd>{labelOf(o.kinds, order.kind)}</dd>
        </div>
        <div>
          <dt>{o.amount}</dt>
          <dd>{w.amount(order.amount)}</dd>
        </div>
        <div>
          <dt>{o.payMethod}</dt>
          <dd>{labelOf(o.payMethods, order.payMethod)}</dd>
        </div>
        <div>
          <dt>{o.state}</dt>
          <dd>{labelOf(o.states, order.state)}</dd>
        </div>
        <div>
          <dt>{o.paidAt}</dt>
          <dd>{order.paidAt === null ? o.notPaid : formatDateTime(order.paidAt)}</dd>
        </div>
      </dl>
      {order.state === 'paid' ? (
        <>
          <button
            type="button"
            className="button"
            aria-expanded={open}
            aria-controls={receiptId}
            aria-label={open ? o.hideReceipt(order.itemName) : o.showReceipt(order.itemName)}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? o.hideShort : o.receiptShort}
          </button>
          <div id={receiptId}>
            {open ? <ReceiptView info={info} orderId={order.orderId} /> : null}
          </div>
        </>
      ) : null}
    </li>
  );
}
