import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { safeReturnTo } from '../../features/return-to/safe-return-to';
import { SubAccountSelect } from '../../features/sub-accounts/SubAccountSelect';
import { t } from '../../i18n/zh-TW';
import { ManageSubAccounts } from './ManageSubAccounts';

function LoggedOut() {
  usePageTitle(t.pageTitles.subAccounts);
  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.subAccounts}</h1>
        <p className="page__intro">{t.subAccounts.intro}</p>
      </div>
      <p className="message">
        {t.subAccounts.loginHint}{' '}
        <Link to={paths.login(pageRoutes.subAccounts)}>{t.nav.login}</Link>
      </p>
    </div>
  );
}

/**
 * /account/sub-accounts: the management screen; with ?select=1 (the header's 切換使用者) the
 * "who is watching" grid instead, which then returns to `returnTo`.
 */
export default function SubAccountsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: info, isPending } = useLoginInfo();
  if (isPending) return <PageLoading />;
  if (info?.isLogin !== 'Y') return <LoggedOut />;
  if (params.get('select') === '1') {
    return (
      <SubAccountSelect
        type="switch"
        onDone={() => navigate(safeReturnTo(params.get('returnTo')), { replace: true })}
      />
    );
  }
  return <ManageSubAccounts info={info} />;
}
