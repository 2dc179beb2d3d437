import type { LoginInfo } from '@site/contract';
import { useWallet } from '../../api/vouchers';
import { formatDateTime } from '../../features/catalogue/format';
import { LoadError } from '../../features/load-error/LoadError';
import { t } from '../../i18n/zh-TW';
import { historyText } from './describe';

const w = t.redeem.wallet;

/** The two balances, the bank-guarantee note, and when each viewing credit expires (Taipei). */
export function WalletPanel({ info }: { info: LoginInfo | undefined }) {
  const member = info?.isLogin === 'Y' && info.kidMode !== '1';
  const wallet = useWallet(info);
  const data = wallet.data?.wallet;
  return (
    <section className="redeem__wallet" aria-labelledby="redeem-wallet-title">
      <h2 id="redeem-wallet-title">{w.title}</h2>
      {member && data ? (
        <>
          <dl className="redeem__balances">
            <div>
              <dt>{w.stored}</dt>
              <dd>{w.amount(data.stored)}</dd>
            </div>
            <div>
              <dt>{w.credit}</dt>
              <dd>{w.amount(data.credit)}</dd>
            </div>
          </dl>
          {data.creditLots.length > 0 ? (
            <div>
              <h3>{w.creditLots}</h3>
              <ul className="redeem__lots">
                {data.creditLots.map((lot) => (
                  <li key={`${lot.expiresAt}-${lot.amount}`}>
                    {w.creditLot(lot.amount, formatDateTime(lot.expiresAt))}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="form__hint">{w.noCredit}</p>
          )}
        </>
      ) : null}
      {member && wallet.isError ? (
        <LoadError error={wallet.error} title={w.loadFailed} onRetry={() => wallet.refetch()} />
      ) : null}
      <p className="redeem__guarantee">{w.guarantee}</p>
    </section>
  );
}

/** The vouchers this account has redeemed, newest first. */
export function VoucherHistory({ info }: { info: LoginInfo | undefined }) {
  const wallet = useWallet(info);
  const items = wallet.data?.vouchers;
  if (!items) return null;
  return (
    <section className="redeem__history" aria-labelledby="redeem-history-title">
      <h2 id="redeem-history-title">{t.redeem.history.title}</h2>
      {items.length === 0 ? (
        <p className="form__hint">{t.redeem.history.empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.serialNumber}>
              <span className="badge">{t.redeem.history.kinds[item.kind]}</span>{' '}
              <span>{historyText(item)}</span>{' '}
              <span className="redeem__muted">
                {item.serialNumber}・{t.redeem.history.at(formatDateTime(item.redeemedAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
