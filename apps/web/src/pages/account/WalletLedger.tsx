import { useState } from 'react';
import type { LoginInfo, WalletLedgerEntry } from '@site/contract';
import { useWalletLedger } from '../../api/account-centre';
import { formatDateTime } from '../../features/catalogue/format';
import { t } from '../../i18n/zh-TW';
import { formatDate, formatSignedAmount, labelOf } from './format';
import { PageButtons } from './PageButtons';
import { QueryState } from './QueryState';

const w = t.redeem.wallet;
const c = t.accountCentre.wallet;
const PAGE_SIZE = 10;

function describe(entry: WalletLedgerEntry): string {
  const reason = labelOf(c.reasons, entry.reason);
  if (entry.orderId) return `${reason}（${c.forOrder(entry.orderId)}）`;
  if (entry.expiresAt !== null) return `${reason}（${c.creditUntil(formatDate(entry.expiresAt))}）`;
  return reason;
}

/** 錢包紀錄: every entry of both purses, newest first, ten to a page. */
export function WalletLedger({ info }: { info: LoginInfo }) {
  const [startIndex, setStartIndex] = useState(0);
  const ledger = useWalletLedger(info, startIndex, PAGE_SIZE);
  return (
    <>
      <h3>{c.ledgerHeading}</h3>
      <QueryState query={ledger}>
        {({ entries, totalCount }) =>
          entries.length === 0 ? (
            <p>{c.ledgerEmpty}</p>
          ) : (
            <>
              <ul className="account-centre__rows">
                {entries.map((entry) => (
                  <li key={entry.entryId} className="account-centre__row">
                    <span className="account-centre__row-main">{describe(entry)}</span>
                    <span>{entry.purse === 'stored' ? w.stored : w.credit}</span>
                    <span className="account-centre__amount">
                      {formatSignedAmount(entry.amount)}
                    </span>
                    <span className="account-centre__muted">{formatDateTime(entry.createdAt)}</span>
                  </li>
                ))}
              </ul>
              <PageButtons
                what={c.ledgerHeading}
                startIndex={startIndex}
                totalCount={totalCount}
                pageSize={PAGE_SIZE}
                onPage={setStartIndex}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
