import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { Tabs } from '../../features/tabs/Tabs';
import { t } from '../../i18n/zh-TW';
import { RedeemTerms } from './RedeemTerms';
import { VoucherFlow } from './VoucherFlow';
import { VoucherHistory, WalletPanel } from './WalletPanel';
import './RedeemPage.css';

/**
 * /redeem (SPEC §2): two tabs, '兌換單片或月租' and '儲值金或看片金', each with the step flow
 * step0 → step1 → step2 (or step4) of docs/adr/0020; the stored-value tab shows the balances and
 * the bank-guarantee note. Members only; kid sub-accounts may not redeem.
 */
export default function RedeemPage() {
  usePageTitle(t.pageTitles.redeem);
  const { data: info } = useLoginInfo();
  const loggedIn = info?.isLogin === 'Y';
  const kid = loggedIn && info.kidMode === '1';
  return (
    <div className="page redeem">
      <div>
        <h1>{t.pageTitles.redeem}</h1>
        <p className="page__intro">{t.redeem.intro}</p>
      </div>
      {info && !loggedIn ? (
        <p className="message">
          {t.redeem.loginHint} <Link to={paths.login(pageRoutes.redeem)}>{t.nav.login}</Link>
        </p>
      ) : null}
      {kid ? <p className="message message--error">{t.redeem.kidMode}</p> : null}
      <Tabs
        label={t.redeem.tabsLabel}
        items={[
          {
            key: 'title',
            title: t.redeem.tabs.title,
            panel: <VoucherFlow field="exchangeCode" info={info} />,
          },
          {
            key: 'credit',
            title: t.redeem.tabs.credit,
            panel: (
              <div className="redeem__credit">
                <VoucherFlow field="serialNumber" info={info} />
                <WalletPanel info={info} />
              </div>
            ),
          },
        ]}
      />
      <section className="redeem__terms-box" aria-labelledby="redeem-terms-title">
        <h2 id="redeem-terms-title">{t.redeem.termsTitle}</h2>
        <RedeemTerms />
      </section>
      {loggedIn && !kid ? <VoucherHistory info={info} /> : null}
    </div>
  );
}
