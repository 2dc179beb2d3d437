import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountFieldLimits, pageRoutes } from '@site/contract';
import { confirmSignUp, signUp } from '../../api/accounts';
import { refreshSession } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { safeReturnTo } from '../../features/return-to/safe-return-to';
import { t } from '../../i18n/zh-TW';

interface Sent {
  loginId: string;
  sentBy: 'email' | 'sms';
  minutes: number;
}

/**
 * /goSignUpPage.do, in two steps (docs/adr/0044): the id and password, answered alike whether
 * or not the id is taken ("we sent a confirmation to …"); then the e-mail's link
 * (/confirm-sign-up) or, for a mobile number, the SMS's code typed here creates the account,
 * logs in and goes home (or to returnTo).
 */
export default function SignUpPage() {
  usePageTitle(t.pageTitles.signUp);
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const [sent, setSent] = useState<Sent | undefined>();
  const form = useForm({
    fields: ['loginId', 'password', 'passwordConfirm'],
    check: ({ password, passwordConfirm }) => ({
      passwordConfirm: passwordConfirm === password ? undefined : t.signUp.mismatch,
    }),
    send: async ({ loginId, password }) => {
      const reply = await signUp({ loginId, password });
      setSent({ loginId: loginId.trim().toLowerCase(), ...reply });
      return '';
    },
  });

  if (sent) {
    return (
      <div className="page">
        <div>
          <h1>{t.pageTitles.signUp}</h1>
        </div>
        <SentView sent={sent} returnTo={returnTo} onStartAgain={() => setSent(undefined)} />
      </div>
    );
  }

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

/**
 * The first step's answer, focused when it replaces the form so it is read out; for a mobile
 * number, the code's form under it.
 */
function SentView({
  sent,
  returnTo,
  onStartAgain,
}: {
  sent: Sent;
  returnTo: string;
  onStartAgain: () => void;
}) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    fields: ['code'],
    send: async ({ code }) => {
      await confirmSignUp({ loginId: sent.loginId, code });
      await refreshSession(queryClient);
      navigate(returnTo, { replace: true });
      return '';
    },
  });
  return (
    <>
      <p ref={message} className="message" tabIndex={-1}>
        {sent.sentBy === 'email'
          ? t.signUp.sentEmail(sent.loginId, sent.minutes)
          : t.signUp.sentSms(sent.loginId, sent.minutes)}
      </p>
      {sent.sentBy === 'sms' ? (
        <form className="form" onSubmit={form.onSubmit}>
          <TextField
            label={t.signUp.code}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            hint={t.signUp.codeHint}
            error={form.errors.code}
          />
          <FormMessage error={form.message} />
          <SubmitButton
            pending={form.pending}
            label={t.signUp.confirm}
            pendingLabel={t.signUp.confirming}
          />
        </form>
      ) : null}
      <p className="page__intro">
        <button type="button" className="button" onClick={onStartAgain}>
          {t.signUp.startAgain}
        </button>
      </p>
    </>
  );
}
