import { Link } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { useWallet } from '../../api/vouchers';
import { t } from '../../i18n/zh-TW';
import { formatDate } from './format';
import { QueryState } from './QueryState';
import { Section } from './Section';
import { WalletLedger } from './WalletLedger';

const w = t.redeem.wallet;
const c = t.accountCentre.wallet;

/** 錢包: both balances, the viewing-credit lots with their ends, and the ledger. */
export function WalletSection({ info }: { info: LoginInfo }) {
  const wallet = useWallet(info);
  return (
    <Section id="wallet" heading={c.heading} wide>
      <QueryState query={wallet}>
        {({ wallet: balances }) => (
          <>
            <dl className="account-centre__balances">
              <div>
                <dt>{w.stored}</dt>
                <dd>{w.amount(balances.stored)}</dd>
              </div>
              <div>
                <dt>{w.credit}</dt>
                <dd>{w.amount(balances.credit)}</dd>
              </div>
            </dl>
            <h3>{c.lotsHeading}</h3>
            {balances.creditLots.length === 0 ? (
              <p>{w.noCredit}</p>
            ) : (
              <ul className="account-centre__lots">
                {balances.creditLots.map((lot, i) => (
                  <li key={`${lot.expiresAt}-${i}`}>
                    {w.creditLot(lot.amount, formatDate(lot.expiresAt))}
                  </li>
                ))}
              </ul>
            )}
            <p className="account-centre__note">{w.guarantee}</p>
          </>
        )}
      </QueryState>
      <p>
        <Link to={pageRoutes.redeem}>{t.accountSettings.toRedeem}</Link>
      </p>
      <WalletLedger info={info} />
    </Section>
  );
}
