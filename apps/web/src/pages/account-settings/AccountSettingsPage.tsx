import { Link } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { useWallet } from '../../api/vouchers';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { DevicesPanel } from '../../features/devices/DevicesPanel';
import { LoadError } from '../../features/load-error/LoadError';
import { t } from '../../i18n/zh-TW';
import { ChangePasswordForm } from '../sub-accounts/ChangePasswordForm';
import { LogoutAllDevices } from '../sub-accounts/LogoutAllDevices';
import { PartnerBinding } from '../sub-accounts/PartnerBinding';
import '../sub-accounts/SubAccountsPage.css';
import './AccountSettingsPage.css';

const s = t.accountSettings;
const w = t.redeem.wallet;

/** The two balances (ajaxFindWalletData.do), and the way to add to them. */
function WalletBalances({ info }: { info: LoginInfo }) {
  const wallet = useWallet(info);
  const data = wallet.data?.wallet;
  return (
    <section className="sub-accounts__section" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading">{s.walletHeading}</h2>
      {wallet.isError ? (
        <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />
      ) : data ? (
        <dl className="account-settings__balances">
          <div>
            <dt>{w.stored}</dt>
            <dd>{w.amount(data.stored)}</dd>
          </div>
          <div>
            <dt>{w.credit}</dt>
            <dd>{w.amount(data.credit)}</dd>
          </div>
        </dl>
      ) : (
        <p role="status">{t.common.loading}</p>
      )}
      <p>
        <Link to={pageRoutes.redeem}>{s.toRedeem}</Link>
      </p>
    </section>
  );
}

/**
 * /account/settings (帳戶設定, issue 20 item 16; docs/adr/0030): what belongs to the member
 * account rather than to one sub-account — the password, logging out everywhere, partner
 * binding — the wallet's balances, and the registered devices (DevicesPanel, until the account
 * centre holds it). A kid session may change none of it (as on 子帳號管理).
 */
export default function AccountSettingsPage() {
  usePageTitle(t.pageTitles.accountSettings);
  const { data: info, isPending } = useLoginInfo();
  if (isPending) return <PageLoading />;
  if (info?.isLogin !== 'Y') {
    return (
      <div className="page">
        <h1>{t.pageTitles.accountSettings}</h1>
        <p className="message">
          {s.loginHint} <Link to={paths.login(pageRoutes.accountSettings)}>{t.nav.login}</Link>
        </p>
      </div>
    );
  }
  const kid = info.kidMode === '1';
  return (
    <div className="page sub-accounts account-settings">
      <div>
        <h1>{t.pageTitles.accountSettings}</h1>
        <p className="page__intro">{s.intro}</p>
      </div>
      {kid ? (
        <p className="message">
          {t.subAccounts.kidLocked}{' '}
          <Link to={paths.subAccountSelect(pageRoutes.accountSettings)}>
            {t.account.switchUser}
          </Link>
        </p>
      ) : (
        <div className="sub-accounts__panels">
          <WalletBalances info={info} />
          <section className="sub-accounts__section" aria-labelledby="security-heading">
            <h2 id="security-heading">{t.subAccounts.securityHeading}</h2>
            <ChangePasswordForm />
            <LogoutAllDevices />
          </section>
          <section
            className="sub-accounts__section sub-accounts__section--wide"
            aria-labelledby="partner-heading"
          >
            <h2 id="partner-heading">{t.subAccounts.partnerHeading}</h2>
            <p className="page__intro">{t.subAccounts.partnerIntro}</p>
            <PartnerBinding />
          </section>
          <section
            className="sub-accounts__section sub-accounts__section--wide"
            aria-labelledby="devices-heading"
          >
            <h2 id="devices-heading">{t.devices.heading}</h2>
            <DevicesPanel />
          </section>
        </div>
      )}
    </div>
  );
}
