import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountFieldLimits, pageRoutes } from '@site/contract';
import { signUp } from '../../api/accounts';
import { refreshSession } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { safeReturnTo } from '../../features/return-to/safe-return-to';
import { t } from '../../i18n/zh-TW';

/** /goSignUpPage.do: a new member is logged in at once, then goes home (or to returnTo). */
export default function SignUpPage() {
  usePageTitle(t.pageTitles.signUp);
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    fields: ['loginId', 'password', 'passwordConfirm'],
    check: ({ password, passwordConfirm }) => ({
      passwordConfirm: passwordConfirm === password ? undefined : t.signUp.mismatch,
    }),
    send: async ({ loginId, password }) => {
      await signUp({ loginId, password });
      await refreshSession(queryClient);
      navigate(returnTo, { replace: true });
      return '';
    },
  });

  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.signUp}</h1>
        <p className="page__intro">{t.signUp.intro}</p>
      </div>
      <form className="form" onSubmit={form.onSubmit}>
        <TextField
          label={t.signUp.account}
          name="loginId"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...accountFieldLimits.loginId}
          required
          hint={t.signUp.accountHint}
          error={form.errors.loginId}
        />
        <TextField
          label={t.signUp.password}
          name="password"
          type="password"
          autoComplete="new-password"
          {...accountFieldLimits.newPassword}
          required
          hint={t.signUp.passwordHint}
          error={form.errors.password}
        />
        <TextField
          label={t.signUp.passwordConfirm}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          {...accountFieldLimits.newPasswordConfirm}
          required
          error={form.errors.passwordConfirm}
        />
        <FormMessage error={form.message} />
        <SubmitButton
          pending={form.pending}
          label={t.signUp.submit}
          pendingLabel={t.signUp.submitting}
        />
      </form>
      <p className="page__intro">
        {t.signUp.haveAccount}{' '}
        <Link to={paths.login(returnTo === pageRoutes.home ? undefined : returnTo)}>
          {t.signUp.loginLink}
        </Link>
      </p>
    </div>
  );
}
