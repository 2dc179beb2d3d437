import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePageTitle } from '../../app/page-title';
import { t } from '../../i18n/zh-TW';

export default function SubAccountsPage() {
  usePageTitle(t.pageTitles.subAccounts);
  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.subAccounts}</h1>
        <p className="page__intro">{t.subAccounts.intro}</p>
      </div>
      <p className="message">
        {t.subAccounts.loginHint} <Link to={pageRoutes.login}>{t.nav.login}</Link>
      </p>
    </div>
  );
}
