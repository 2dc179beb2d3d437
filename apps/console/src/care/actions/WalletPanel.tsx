import { consoleCareActionCalls, type CareMoney } from '@site/contract/console';
import { useState } from 'react';
import { call } from '../../api/call';
import { formatTaipei, taipeiDayToUnix } from '../../time';
import { Field, describedBy } from '../../ui/form';
import { ActionDialog } from './ActionDialog';
import { PURSE_LABELS, moneyText, newActionId, parseAmount } from './labels';

/** The member's two purses, and customer care's credit or debit of either. */
export function WalletPanel({
  money,
  onDone,
}: {
  money: CareMoney;
  onDone: (outcome: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const { wallet } = money;
  return (
    <section aria-labelledby="care-wallet">
      <h2 id="care-wallet">錢包</h2>
      <dl className="facts">
        <dt>儲值金</dt>
        <dd data-purse="stored">{moneyText(wallet.stored)}</dd>
        <dt>看片金</dt>
        <dd data-purse="credit">
          {moneyText(wallet.credit)}
          {wallet.creditLots.map((lot) => (
            <span key={`${lot.expiresAt}-${lot.amount}`}>
              {' '}
              （{moneyText(lot.amount)} 於 {formatTaipei(lot.expiresAt)} 到期）
            </span>
          ))}
        </dd>
      </dl>
      <div className="actions">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          加值或扣款…
        </button>
      </div>
      {open && (
        <AdjustDialog
          money={money}
          onClose={() => setOpen(false)}
          onDone={(outcome) => {
            setOpen(false);
            onDone(outcome);
          }}
        />
      )}
    </section>
  );
}

function AdjustDialog({
  money,
  onDone,
  onClose,
}: {
  money: CareMoney;
  onDone: (outcome: string) => void;
  onClose: () => void;
}) {
  const [actionId] = useState(newActionId);
  const [purse, setPurse] = useState<'stored' | 'credit'>('stored');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [expiryDay, setExpiryDay] = useState('');
  const needsExpiry = purse === 'credit' && direction === 'credit';
  return (
    <ActionDialog
      title="錢包加值或扣款"
      description={<p>扣款不能讓餘額低於 0。會員會收到站內訊息，並可在錢包明細看到這筆調整。</p>}
      confirmLabel="確定"
      fieldNames={['amount', 'expiresAt']}
      act={async (reason) => {
        const value = parseAmount(amount);
        if (value === null) throw '請輸入金額（整數）。';
        const expiresAt = needsExpiry ? taipeiDayToUnix(expiryDay, true) : undefined;
        if (needsExpiry && expiresAt === undefined) throw '看片金需要到期日。';
        const { wallet } = await call(consoleCareActionCalls.adjustWallet, {
          accountId: money.accountId,
          actionId,
          purse,
          direction,
          amount: value,
          ...(expiresAt !== undefined ? { expiresAt } : {}),
          reason,
        });
        const verb = direction === 'credit' ? '加值' : '扣除';
        return `已${verb}${PURSE_LABELS[purse]} ${moneyText(value)}，目前${PURSE_LABELS[purse]} ${moneyText(wallet[purse])}。`;
      }}
      onDone={onDone}
      onClose={onClose}
    >
      {(problems) => (
        <>
          <Field id="care-wallet-purse" label="錢包">
            <select
              id="care-wallet-purse"
              value={purse}
              onChange={(event) => setPurse(event.target.value as 'stored' | 'credit')}
            >
              <option value="stored">儲值金（目前 {moneyText(money.wallet.stored)}）</option>
              <option value="credit">看片金（目前 {moneyText(money.wallet.credit)}）</option>
            </select>
          </Field>
          <Field id="care-wallet-direction" label="動作">
            <select
              id="care-wallet-direction"
              value={direction}
              onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}
            >
              <option value="credit">加值</option>
              <option value="debit">扣款</option>
            </select>
          </Field>
          <Field id="care-wallet-amount" label="金額（NT$）" error={problems.amount}>
            <input
              {...describedBy('care-wallet-amount', problems.amount)}
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </Field>
          {needsExpiry && (
            <Field id="care-wallet-expiry" label="看片金到期日" error={problems.expiresAt}>
              <input
                {...describedBy('care-wallet-expiry', problems.expiresAt)}
                type="date"
                value={expiryDay}
                onChange={(event) => setExpiryDay(event.target.value)}
              />
            </Field>
          )}
        </>
      )}
    </ActionDialog>
  );
}
