import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountFieldLimits } from '@site/contract';
import { requestPasswordReset } from '../../api/accounts';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';

/**
 * /forgot-password (issue 23): asks for a login id and, once sent, says the same whatever the
 * id: the server answers alike for every id, so the page cannot tell either. A refusal (too many
 * requests) is the envelope's message.
 */
export default function ForgotPasswordPage() {
  usePageTitle(t.pageTitles.forgotPassword);
  const [sentMinutes, setSentMinutes] = useState<number | undefined>();
  const form = useForm({
    fields: ['loginId'],
    send: async ({ loginId }) => {
      const { minutes } = await requestPasswordReset({ loginId });
      setSentMinutes(minutes);
      return '';
    },
  });

  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.forgotPassword}</h1>
        {sentMinutes === undefined ? <p className="page__intro">{t.forgotPassword.intro}</p> : null}
      </div>
      {sentMinutes === undefined ? (
        <form className="form" onSubmit={form.onSubmit}>
          <TextField
            label={t.forgotPassword.account}
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
          <FormMessage error={form.message} />
          <SubmitButton
            pending={form.pending}
            label={t.forgotPassword.submit}
            pendingLabel={t.forgotPassword.submitting}
          />
        </form>
      ) : (
        <Sent minutes={sentMinutes} />
      )}
      <p className="page__intro">
        <Link to={paths.login()}>{t.forgotPassword.backToLogin}</Link>
      </p>
    </div>
  );
}

/** The confirmation, focused when it replaces the form so it is read out. */
function Sent({ minutes }: { minutes: number }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <p ref={message} className="message" tabIndex={-1}>
      {t.forgotPassword.sent(minutes)}
    </p>
  );
}
