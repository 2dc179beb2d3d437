import {
  consoleCareActionCalls,
  type CareMoney,
  type CareActionOrder,
} from '@site/contract/console';
import { useState } from 'react';
import { call } from '../../api/call';
import { formatTaipei } from '../../time';
import { Field, describedBy } from '../../ui/form';
import { ActionDialog } from './ActionDialog';
import {
  ORDER_KIND_LABELS,
  ORDER_STATE_LABELS,
  PAY_METHOD_LABELS,
  moneyText,
  parseAmount,
  refundBlock,
} from './labels';

const WHERE_IT_GOES = {
  card: '退回原付款信用卡（經金流服務商）',
  wallet: '退回會員的儲值金',
  credit: '退回會員的看片金（已過期的部分不退）',
} as const;

/** The member's orders, newest first, each refundable in full by the right role. */
export function OrdersPanel({
  money,
  onDone,
}: {
  money: CareMoney;
  onDone: (outcome: string) => void;
}) {
  const [refunding, setRefunding] = useState<CareActionOrder | null>(null);
  return (
    <section aria-labelledby="care-orders">
      <h2 id="care-orders">訂單</h2>
      <p>
        退款為全額退款。超過 {moneyText(money.refundLimit)} 或已開始觀看的租借，須由財務人員退款。
      </p>
      {money.orders.length === 0 ? (
        <p>這位會員沒有訂單。</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">會員的訂單</caption>
          <thead>
            <tr>
              <th scope="col">訂單編號</th>
              <th scope="col">品項</th>
              <th scope="col">金額</th>
              <th scope="col">付款方式</th>
              <th scope="col">狀態</th>
              <th scope="col">建立時間</th>
              <th scope="col">退款</th>
            </tr>
          </thead>
          <tbody>
            {money.orders.map((order) => {
              const block = refundBlock(order, money.refundLimit);
              return (
                <tr key={order.orderId} data-order={order.orderId}>
                  <td data-label="訂單編號">{order.orderId}</td>
                  <td data-label="品項">
                    {order.itemName}（{ORDER_KIND_LABELS[order.kind]}
                    {order.watched ? '，已開始觀看' : ''}）
                  </td>
                  <td data-label="金額">{moneyText(order.amount)}</td>
                  <td data-label="付款方式">{PAY_METHOD_LABELS[order.payMethod]}</td>
                  <td data-label="狀態">
                    {ORDER_STATE_LABELS[order.state]}
                    {order.providerRefund === 'requested' ? '（信用卡退款處理中）' : ''}
                  </td>
                  <td data-label="建立時間">{formatTaipei(order.createdAt)}</td>
                  <td data-label="退款">
                    {block === null ? (
                      <button
                        type="button"
                        className="button"
                        aria-label={`退款訂單 ${order.orderId}`}
                        onClick={() => setRefunding(order)}
                      >
                        退款…
                      </button>
                    ) : (
                      block
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {refunding && (
        <RefundDialog
          accountId={money.accountId}
          order={refunding}
          onClose={() => setRefunding(null)}
          onDone={(outcome) => {
            setRefunding(null);
            onDone(outcome);
          }}
        />
      )}
    </section>
  );
}

function RefundDialog({
  accountId,
  order,
  onClose,
  onDone,
}: {
  accountId: string;
  order: CareActionOrder;
  onClose: () => void;
  onDone: (outcome: string) => void;
}) {
  const [amount, setAmount] = useState(String(order.amount));
  return (
    <ActionDialog
      title={`退款訂單 ${order.orderId}`}
      description={
        <p>
          {order.itemName}，實付 {moneyText(order.amount)}（{PAY_METHOD_LABELS[order.payMethod]}
          ）。退款後款項{WHERE_IT_GOES[order.payMethod]}，會員的觀看權利同時收回，並會收到站內訊息。
        </p>
      }
      confirmLabel="確定退款"
      danger
      fieldNames={['amount']}
      act={async (reason) => {
        const value = parseAmount(amount);
        if (value === null) throw '請輸入退款金額（整數）。';
        const { order: done } = await call(consoleCareActionCalls.refundOrder, {
          accountId,
          orderId: order.orderId,
          amount: value,
          reason,
        });
        return done.payMethod === 'card' && done.providerRefund !== 'done'
          ? `訂單 ${done.orderId} 已退款 ${moneyText(done.amount)}；信用卡退款已排入處理，稍後會再送出。`
          : `訂單 ${done.orderId} 已退款 ${moneyText(done.amount)}。`;
      }}
      onDone={onDone}
      onClose={onClose}
    >
      {(problems) => (
        <Field id="care-refund-amount" label="退款金額（NT$）" error={problems.amount}>
          <input
            {...describedBy('care-refund-amount', problems.amount)}
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      )}
    </ActionDialog>
  );
}
