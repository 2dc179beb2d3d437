import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { login, type Credentials, type LoginReply } from '../../api/accounts';
import { fieldErrors, formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { TextField } from '../../features/forms/TextField';
import { t } from '../../i18n/zh-TW';

/** Reads the two boxes of a login or sign-up form. */
export function credentialsOf(form: HTMLFormElement): Credentials {
  const data = new FormData(form);
  return {
    loginId: String(data.get('loginId') ?? ''),
    password: String(data.get('password') ?? ''),
  };
}

/** ajaxLogin.do: the server's zh-TW refusals appear inline; `onLoggedIn` finishes the job. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (reply: LoginReply) => Promise<void> }) {
  const mutation = useMutation({ mutationFn: login, onSuccess: onLoggedIn });
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(credentialsOf(event.currentTarget));
  };

  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label={t.login.account}
        name="loginId"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        required
        error={errors.loginId}
      />
      <TextField
        label={t.login.password}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={200}
        required
        error={errors.password}
      />
      <FormMessage error={formError(mutation.error, t.common.actionFailed)} />
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? t.login.submitting : t.login.submit}
      </button>
    </form>
  );
}
