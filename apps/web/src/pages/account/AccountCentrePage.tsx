import { Link } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { useAccountProfile } from '../../api/account-centre';
import { useLoginInfo } from '../../api/session';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { t } from '../../i18n/zh-TW';
import { ContactSection } from './ContactSection';
import { DevicesSection } from './DevicesSection';
import { LogoutAllSection } from './LogoutAllSection';
import { OrdersSection } from './OrdersSection';
import { PartnerSection } from './PartnerSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { QueryState } from './QueryState';
import { ServiceSection } from './ServiceSection';
import { SubAccountsSection } from './SubAccountsSection';
import { WalletSection } from './WalletSection';
import '../sub-accounts/SubAccountsPage.css';
import './AccountCentrePage.css';

const c = t.accountCentre;

/** The sections in page order, for the links at the top. */
const SECTIONS = [
  ['profile', c.profile.heading],
  ['contact', c.contact.heading],
  ['password', c.password.heading],
  ['wallet', c.wallet.heading],
  ['orders', c.orders.heading],
  ['service', c.service.heading],
  ['partner', c.partner.heading],
  ['sub-accounts', c.subAccounts.heading],
  ['devices', c.devices.heading],
  ['logout-all', c.logoutAll.heading],
] as const;

function Sections({ info }: { info: LoginInfo }) {
  const profile = useAccountProfile(info);
  return (
    <>
      <nav aria-label={c.sectionsLabel}>
        <ul className="account-centre__toc">
          {SECTIONS.map(([id, heading]) => (
            <li key={id}>
              <a href={`#${id}`}>{heading}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-centre__sections">
        <QueryState query={profile}>
          {(data) => (
            <>
              <ProfileSection profile={data} />
              <ContactSection info={info} profile={data} />
            </>
          )}
        </QueryState>
        <PasswordSection />
        <WalletSection info={info} />
        <OrdersSection info={info} />
        <ServiceSection info={info} />
        <PartnerSection />
        <SubAccountsSection info={info} />
        <DevicesSection />
        <LogoutAllSection />
      </div>
    </>
  );
}

/**
 * /account, 帳戶設定 (issue 23 item 1; docs/adr/0041): everything that belongs to the member
 * account, one section each. A kid session is refused with the way to switch user; a visitor is
 * asked to log in.
 */
export default function AccountCentrePage() {
  usePageTitle(t.pageTitles.accountCentre);
  const { data: info, isPending } = useLoginInfo();
  if (isPending) return <PageLoading />;
  const title = <h1>{t.pageTitles.accountCentre}</h1>;
  if (info?.isLogin !== 'Y') {
    return (
      <div className="page">
        {title}
        <p className="message">
          {c.loginHint} <Link to={paths.login(pageRoutes.accountCentre)}>{t.nav.login}</Link>
        </p>
      </div>
    );
  }
  if (info.kidMode === '1') {
    return (
      <div className="page">
        {title}
        <p className="message">
          {c.kidLocked}{' '}
          <Link to={paths.subAccountSelect(pageRoutes.accountCentre)}>{t.account.switchUser}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page account-centre">
      <div>
        {title}
        <p className="page__intro">{c.intro}</p>
      </div>
      <Sections info={info} />
    </div>
  );
}
