import { Link } from 'react-router';
import { accountFieldLimits } from '@site/contract';
import { login, type LoginReply } from '../../api/accounts';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';
import { paths } from '../../routing/paths';

/**
 * ajaxLogin.do: the server's zh-TW refusals appear inline; `onLoggedIn` finishes the job. Under
 * the password, 忘記密碼？ leads to /forgot-password.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (reply: LoginReply) => Promise<void> }) {
  const form = useForm({
    fields: ['loginId', 'password'],
    send: async (credentials) => {
      await onLoggedIn(await login(credentials));
      return '';
    },
  });

  return (
    <form className="form" onSubmit={form.onSubmit}>
      <TextField
        label={t.login.account}
        name="loginId"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...accountFieldLimits.loginId}
        required
        error={form.errors.loginId}
      />
      <TextField
        label={t.login.password}
        name="password"
        type="password"
        autoComplete="current-password"
        {...accountFieldLimits.password}
        required
        error={form.errors.password}
      />
      <p className="form__hint">
        <Link to={paths.forgotPassword()}>{t.login.forgotPassword}</Link>
      </p>
      <FormMessage error={form.message} />
      <SubmitButton
        pending={form.pending}
        label={t.login.submit}
        pendingLabel={t.login.submitting}
      />
    </form>
  );
}
