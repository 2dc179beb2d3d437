import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RESET_TOKEN_PATTERN, accountFieldLimits } from '@site/contract';
import { resetPassword } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { refreshSession } from '../../api/session';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';

const TOKEN = new RegExp(`^${RESET_TOKEN_PATTERN}$`);
const LINK_INVALID = 'RESET_LINK_INVALID';

type Outcome = { kind: 'done' } | { kind: 'invalid'; message: string };

/**
 * /reset-password?token=… (issue 23), the link of the 忘記密碼 e-mail: sets a new password, after
 * which every session of the account has ended. A link without a well-formed token is invalid
 * without asking the server; one the server refuses (used, expired, replaced) says so, with a
 * way to ask for a new one.
 */
export default function ResetPasswordPage() {
  usePageTitle(t.pageTitles.resetPassword);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [sent, setSent] = useState<Outcome | undefined>();
  const malformed = !TOKEN.test(token);
  const outcome: Outcome | undefined = malformed
    ? { kind: 'invalid', message: t.resetPassword.invalidLink }
    : sent;

  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.resetPassword}</h1>
        {outcome === undefined ? <p className="page__intro">{t.resetPassword.intro}</p> : null}
      </div>
      {outcome === undefined ? (
        <ResetForm token={token} onOutcome={setSent} />
      ) : (
        <OutcomeView outcome={outcome} replacedForm={!malformed} />
      )}
    </div>
  );
}

function ResetForm({ token, onOutcome }: { token: string; onOutcome: (o: Outcome) => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    fields: ['newPassword', 'newPasswordConfirm'],
    check: ({ newPassword, newPasswordConfirm }) => ({
      newPasswordConfirm: newPasswordConfirm === newPassword ? undefined : t.signUp.mismatch,
    }),
    send: async ({ newPassword }) => {
      try {
        await resetPassword({ token, newPassword });
      } catch (error) {
        if (error instanceof ApiError && error.code === LINK_INVALID) {
          onOutcome({ kind: 'invalid', message: error.message });
          return null;
        }
        throw error;
      }
      // This browser's session, if it was the account's, has ended with the others.
      await refreshSession(queryClient);
      onOutcome({ kind: 'done' });
      return '';
    },
  });

  return (
    <form className="form" onSubmit={form.onSubmit}>
      <TextField
        label={t.resetPassword.newPassword}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        {...accountFieldLimits.newPassword}
        required
        hint={t.signUp.passwordHint}
        error={form.errors.newPassword}
      />
      <TextField
        label={t.resetPassword.newPasswordConfirm}
        name="newPasswordConfirm"
        type="password"
        autoComplete="new-password"
        {...accountFieldLimits.newPasswordConfirm}
        required
        error={form.errors.newPasswordConfirm}
      />
      <FormMessage error={form.message} />
      <SubmitButton
        pending={form.pending}
        label={t.resetPassword.submit}
        pendingLabel={t.resetPassword.submitting}
      />
    </form>
  );
}

/**
 * The end of the page: the new password is set, or the link cannot be used. Focused when it
 * replaces the form, so it is read out.
 */
function OutcomeView({ outcome, replacedForm }: { outcome: Outcome; replacedForm: boolean }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (replacedForm) message.current?.focus();
  }, [replacedForm]);
  const done = outcome.kind === 'done';
  return (
    <>
      <p ref={message} className={done ? 'message' : 'message message--error'} tabIndex={-1}>
        {done ? t.resetPassword.done : outcome.message}
      </p>
      <p className="page__intro">
        {done ? (
          <Link to={paths.login()}>{t.resetPassword.loginLink}</Link>
        ) : (
          <Link to={paths.forgotPassword()}>{t.resetPassword.requestAgain}</Link>
        )}
      </p>
    </>
  );
}
