import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { signUp, type Credentials } from '../../api/accounts';
import { refreshSession } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { fieldErrors, formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { TextField } from '../../features/forms/TextField';
import { safeReturnTo } from '../../features/return-to/safe-return-to';
import { t } from '../../i18n/zh-TW';
import { credentialsOf } from '../login/LoginForm';

/** /goSignUpPage.do: a new member is logged in at once, then goes home (or to returnTo). */
export default function SignUpPage() {
  usePageTitle(t.pageTitles.signUp);
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mismatch, setMismatch] = useState(false);
  const mutation = useMutation({
    mutationFn: (credentials: Credentials) => signUp(credentials),
    onSuccess: async () => {
      await refreshSession(queryClient);
      navigate(returnTo, { replace: true });
    },
  });
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const confirm = String(new FormData(form).get('passwordConfirm') ?? '');
    const credentials = credentialsOf(form);
    const differs = confirm !== credentials.password;
    setMismatch(differs);
    if (differs) {
      form.querySelector<HTMLInputElement>('input[name="passwordConfirm"]')?.focus();
      return;
    }
    mutation.mutate(credentials);
  };

  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.signUp}</h1>
        <p className="page__intro">{t.signUp.intro}</p>
      </div>
      <form className="form" onSubmit={submit}>
        <TextField
          label={t.signUp.account}
          name="loginId"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          required
          hint={t.signUp.accountHint}
          error={errors.loginId}
        />
        <TextField
          label={t.signUp.password}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={72}
          required
          hint={t.signUp.passwordHint}
          error={errors.password}
        />
        <TextField
          label={t.signUp.passwordConfirm}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          maxLength={72}
          required
          error={mismatch ? t.signUp.mismatch : undefined}
        />
        <FormMessage error={formError(mutation.error, t.common.actionFailed)} />
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? t.signUp.submitting : t.signUp.submit}
        </button>
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
