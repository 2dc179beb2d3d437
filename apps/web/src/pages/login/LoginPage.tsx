import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import type { LoginReply } from '../../api/accounts';
import { refreshSession, useLoginInfo } from '../../api/session';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { safeReturnTo } from '../../features/return-to/safe-return-to';
import { SubAccountSelect } from '../../features/sub-accounts/SubAccountSelect';
import { t } from '../../i18n/zh-TW';
import { LoginForm } from './LoginForm';

/**
 * /login.do?returnTo=…: log in, choose who is watching when the account has several
 * sub-accounts, then go back to `returnTo` (a path on this site only) or home.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useLoginInfo().data;
  const [step, setStep] = useState<'form' | 'select' | 'leaving'>('form');

  const onLoggedIn = async (reply: LoginReply) => {
    setStep(reply.needSubaccountSelect === 'Y' ? 'select' : 'leaving');
    await refreshSession(queryClient);
    if (reply.needSubaccountSelect !== 'Y') navigate(returnTo, { replace: true });
  };

  if (step === 'select') {
    return <SubAccountSelect type="login" onDone={() => navigate(returnTo, { replace: true })} />;
  }
  if (step === 'leaving') return <PageLoading />;
  return <LoginView info={info} returnTo={returnTo} onLoggedIn={onLoggedIn} />;
}

function LoginView({
  info,
  returnTo,
  onLoggedIn,
}: {
  info: LoginInfo | undefined;
  returnTo: string;
  onLoggedIn: (reply: LoginReply) => Promise<void>;
}) {
  usePageTitle(t.pageTitles.login);
  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.login}</h1>
        <p className="page__intro">{t.login.intro}</p>
      </div>
      {info?.isLogin === 'Y' ? (
        <p className="message">
          {t.login.alreadyLoggedIn(info.nickname)} <Link to={returnTo}>{t.login.continue}</Link>
        </p>
      ) : null}
      <LoginForm onLoggedIn={onLoggedIn} />
      <p className="page__intro">
        {t.login.noAccount}{' '}
        <Link to={paths.signUp(returnTo === pageRoutes.home ? undefined : returnTo)}>
          {t.login.signUpLink}
        </Link>
      </p>
    </div>
  );
}
