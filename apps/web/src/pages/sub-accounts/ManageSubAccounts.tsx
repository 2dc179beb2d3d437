import { useState } from 'react';
import { Link } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { useSubAccounts } from '../../api/sub-accounts';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { useSwitchSubAccount } from '../../features/sub-accounts/use-switch-sub-account';
import { t } from '../../i18n/zh-TW';
import { AddSubAccountForm } from './AddSubAccountForm';
import { KidPinForm } from './KidPinForm';
import { SubAccountCard } from './SubAccountCard';
import './SubAccountsPage.css';
import { LoadError } from '../../features/load-error/LoadError';

/** What only an adult session may do here: the kid PIN, and the way to 帳戶設定. */
function AccountSections() {
  return (
    <>
      <section className="sub-accounts__section" aria-labelledby="kid-pin-heading">
        <h2 id="kid-pin-heading">{t.subAccounts.pinHeading}</h2>
        <KidPinForm />
      </section>
      {/* The account's own settings have a page of their own (帳戶設定, issue 20 item 16). */}
      <section className="sub-accounts__section" aria-labelledby="account-settings-heading">
        <h2 id="account-settings-heading">{t.account.settings}</h2>
        <p className="page__intro">{t.accountSettings.moved}</p>
        <Link to={pageRoutes.accountCentre} className="button">
          {t.account.settings}
        </Link>
      </section>
    </>
  );
}

export function ManageSubAccounts({ info }: { info: LoginInfo }) {
  usePageTitle(t.pageTitles.subAccounts);
  const kidSession = info.kidMode === '1';
  const list = useSubAccounts(info);
  const switcher = useSwitchSubAccount(kidSession);
  const [notice, setNotice] = useState('');

  if (!list.data) {
    return list.isError ? (
      <div className="page">
        <h1>{t.pageTitles.subAccounts}</h1>
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      </div>
    ) : (
      <PageLoading />
    );
  }
  const { subAccountList, currentSubaccountID, maxSubAccounts } = list.data;
  const subs = subAccountList.subAccount;

  return (
    <div className="page sub-accounts">
      <div>
        <h1>{t.pageTitles.subAccounts}</h1>
        <p className="page__intro">{t.subAccounts.intro}</p>
      </div>
      <section className="sub-accounts__list-section" aria-labelledby="sub-account-list-heading">
        <h2 id="sub-account-list-heading">
          {t.subAccounts.listHeading(subs.length, maxSubAccounts)}
        </h2>
        <FormMessage error={formError(switcher.error, t.common.actionFailed)} success={notice} />
        <ul className="sub-account-list">
          {subs.map((sub) => (
            <SubAccountCard
              key={sub.subAccountUid}
              sub={sub}
              current={sub.subAccountUid === currentSubaccountID}
              kidSession={kidSession}
              switching={switcher.pendingId === sub.subAccountUid}
              onSwitch={() => {
                setNotice('');
                void switcher.switchTo(sub, currentSubaccountID);
              }}
              onNotice={setNotice}
            />
          ))}
        </ul>
      </section>
      <div className="sub-accounts__panels">
        <section className="sub-accounts__section" aria-labelledby="add-sub-account-heading">
          <h2 id="add-sub-account-heading">{t.subAccounts.addHeading}</h2>
          {subs.length < maxSubAccounts ? (
            <AddSubAccountForm kidSession={kidSession} />
          ) : (
            <p className="message">{t.subAccounts.full(maxSubAccounts)}</p>
          )}
        </section>
        {kidSession ? (
          <section className="sub-accounts__section" aria-labelledby="security-heading">
            <h2 id="security-heading">{t.subAccounts.securityHeading}</h2>
            <p className="message">
              {t.subAccounts.kidLocked}{' '}
              <Link to={paths.subAccountSelect(pageRoutes.subAccounts)}>
                {t.account.switchUser}
              </Link>
            </p>
          </section>
        ) : (
          <AccountSections />
        )}
      </div>
      {switcher.dialog}
    </div>
  );
}
