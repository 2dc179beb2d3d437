/*
 * Decision (ADR to follow; see also docs/adr/0007): the sub-account event page is a "family
 * sharing campaign". It explains that an account holds up to five profiles, each with its own
 * lists and an optional kid mode; shows a member's progress (n of 5 profiles, from
 * ajaxGetSubaccountInfo.do); and leads to creating a family member's profile on
 * /account/sub-accounts. Visitors get the explanation and a way to sign up. No reward is granted.
 */
import { Link } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { useSubAccounts } from '../../api/sub-accounts';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { t } from '../../i18n/zh-TW';
import './SubAccountEventPage.css';
import { LoadError } from '../../features/load-error/LoadError';

function MemberProgress({ info }: { info: LoginInfo }) {
  const list = useSubAccounts(info);
  if (!list.data) {
    return list.isError ? (
      <LoadError error={list.error} onRetry={() => list.refetch()} />
    ) : (
      <PageLoading />
    );
  }
  const count = list.data.subAccountList.subAccount.length;
  const max = list.data.maxSubAccounts;
  return (
    <>
      <p className="event-progress__count">{t.subAccountEvent.progress(count, max)}</p>
      <progress
        className="event-progress__bar"
        max={max}
        value={count}
        aria-label={t.subAccountEvent.progressLabel}
      />
      {count < max ? (
        <p>
          <Link to={pageRoutes.subAccounts} className="button button--primary">
            {t.subAccountEvent.cta}
          </Link>
        </p>
      ) : (
        <p>
          {t.subAccountEvent.complete}{' '}
          <Link to={pageRoutes.subAccounts}>{t.subAccountEvent.manage}</Link>
        </p>
      )}
    </>
  );
}

function VisitorInvite() {
  const here = pageRoutes.subAccountEvent;
  return (
    <>
      <p>{t.subAccountEvent.loggedOut}</p>
      <p className="event-progress__actions">
        <Link to={paths.signUp(here)} className="button button--primary">
          {t.subAccountEvent.signUpCta}
        </Link>
        <span>
          {t.subAccountEvent.haveAccount} <Link to={paths.login(here)}>{t.nav.login}</Link>
        </span>
      </p>
    </>
  );
}

export default function SubAccountEventPage() {
  usePageTitle(t.pageTitles.subAccountEvent);
  const { data: info, isPending } = useLoginInfo();
  return (
    <div className="page sub-account-event">
      <section className="event-hero" aria-labelledby="event-heading">
        <p className="event-hero__kicker">{t.pageTitles.subAccountEvent}</p>
        <h1 id="event-heading">{t.subAccountEvent.headline}</h1>
        <p className="page__intro">{t.subAccountEvent.intro}</p>
        <ul className="event-hero__bullets">
          {t.subAccountEvent.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      </section>
      <section className="event-progress" aria-labelledby="event-progress-heading">
        <h2 id="event-progress-heading">{t.subAccountEvent.progressHeading}</h2>
        {isPending ? (
          <PageLoading />
        ) : info?.isLogin === 'Y' ? (
          <MemberProgress info={info} />
        ) : (
          <VisitorInvite />
        )}
      </section>
    </div>
  );
}
