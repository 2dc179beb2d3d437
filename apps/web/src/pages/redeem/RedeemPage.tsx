import { useId } from 'react';
import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePageTitle } from '../../app/page-title';
import { Tabs } from '../../features/tabs/Tabs';
import { t } from '../../i18n/zh-TW';
import './RedeemPage.css';

/**
 * One voucher form. Submitting (ajaxRedeemVoucherData.do / ajaxChangeVoucherContent.do) needs a
 * signed-in session, which arrives with the accounts issue, so the button stays disabled.
 */
function VoucherForm({ field }: { field: 'exchangeCode' | 'serialNumber' }) {
  const id = useId();
  return (
    <form className="form" onSubmit={(event) => event.preventDefault()}>
      <div className="form__field">
        <label htmlFor={id}>{t.redeem.serialNumber}</label>
        <input
          id={id}
          name={field}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          placeholder={t.redeem.serialPlaceholder}
        />
      </div>
      <p className="page__intro">
        {t.redeem.loginHint} <Link to={pageRoutes.login}>{t.nav.login}</Link>
      </p>
      <button type="submit" className="button button--primary" disabled>
        {t.redeem.submit}
      </button>
    </form>
  );
}

export default function RedeemPage() {
  usePageTitle(t.pageTitles.redeem);
  return (
    <div className="page redeem">
      <div>
        <h1>{t.pageTitles.redeem}</h1>
        <p className="page__intro">{t.redeem.intro}</p>
      </div>
      <Tabs
        label={t.redeem.tabsLabel}
        items={[
          { key: 'title', title: t.redeem.tabs.title, panel: <VoucherForm field="exchangeCode" /> },
          {
            key: 'credit',
            title: t.redeem.tabs.credit,
            panel: <VoucherForm field="serialNumber" />,
          },
        ]}
      />
      <ul className="redeem__terms">
        {t.redeem.terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
