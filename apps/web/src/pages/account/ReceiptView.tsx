import type { LoginInfo } from '@site/contract';
import { useOrderReceipt } from '../../api/account-centre';
import { formatDateTime } from '../../features/catalogue/format';
import { t } from '../../i18n/zh-TW';
import { labelOf } from './format';
import { QueryState } from './QueryState';

const r = t.accountCentre.receipt;
const o = t.accountCentre.orders;
const w = t.redeem.wallet;

/** A paid order's receipt: its number, items, amount with the tax inside it, paid time (Taipei). */
export function ReceiptView({ info, orderId }: { info: LoginInfo; orderId: string }) {
  const receipt = useOrderReceipt(info, orderId);
  return (
    <QueryState query={receipt}>
      {(data) => (
        <article className="account-centre__receipt" aria-label={`${r.heading} ${data.receiptNo}`}>
          <dl className="account-centre__facts">
            <div>
              <dt>{r.number}</dt>
              <dd>{data.receiptNo}</dd>
            </div>
            <div>
              <dt>{r.orderId}</dt>
              <dd>{data.orderId}</dd>
            </div>
            <div>
              <dt>{r.paidAt}</dt>
              <dd>{formatDateTime(data.paidAt)}</dd>
            </div>
            <div>
              <dt>{r.payMethod}</dt>
              <dd>{labelOf(o.payMethods, data.payMethod)}</dd>
            </div>
          </dl>
          <table className="account-centre__receipt-items">
            <caption>{r.items}</caption>
            <thead>
              <tr>
                <th scope="col">{o.item}</th>
                <th scope="col">{o.kind}</th>
                <th scope="col">{o.amount}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item, i) => (
                <tr key={i}>
                  <td>{item.name}</td>
                  <td>{labelOf(o.kinds, item.kind)}</td>
                  <td>{w.amount(item.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {r.total}
                </th>
                <td>{w.amount(data.amount)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="account-centre__note">{r.taxNote(w.amount(data.taxIncluded))}</p>
        </article>
      )}
    </QueryState>
  );
}
