import { Link } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { useSubAccounts } from '../../api/sub-accounts';
import { t } from '../../i18n/zh-TW';
import { QueryState } from './QueryState';
import { Section } from './Section';

const s = t.accountCentre.subAccounts;

/** 子帳號: who uses the account (kid ones badged), and the way to manage them. */
export function SubAccountsSection({ info }: { info: LoginInfo }) {
  const list = useSubAccounts(info);
  return (
    <Section id="sub-accounts" heading={s.heading}>
      <QueryState query={list}>
        {(data) => (
          <ul className="account-centre__people">
            {data.subAccountList.subAccount.map((sub) => (
              <li key={sub.subAccountUid}>
                <span>{sub.nickname}</span>
                {sub.isPrimary === 'Y' ? <span className="badge">{s.primary}</span> : null}
                {sub.kidmode === '1' ? <span className="badge badge--kid">{s.kid}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <p>
        <Link to={pageRoutes.subAccounts}>{s.manage}</Link>
      </p>
    </Section>
  );
}
