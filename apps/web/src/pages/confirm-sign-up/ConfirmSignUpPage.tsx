import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RESET_TOKEN_PATTERN, pageRoutes } from '@site/contract';
import { confirmSignUp } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { refreshSession } from '../../api/session';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';

const TOKEN = new RegExp(`^${RESET_TOKEN_PATTERN}$`);
const LINK_INVALID = 'SIGNUP_LINK_INVALID';

/**
 * /confirm-sign-up?token=… (docs/adr/0044), the link of the sign-up confirmation e-mail: one
 * button creates the account and logs in, then home. It waits for the button, so a mail
 * scanner that opens the link creates nothing. A link without a well-formed token is invalid
 * without asking the server; one the server refuses (used, expired, replaced) says so.
 */
export default function ConfirmSignUpPage() {
  usePageTitle(t.pageTitles.confirmSignUp);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [refusal, setRefusal] = useState<string | undefined>();
  const malformed = !TOKEN.test(token);
  const invalid = malformed ? t.confirmSignUp.invalidLink : refusal;

  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.confirmSignUp}</h1>
        {invalid === undefined ? <p className="page__intro">{t.confirmSignUp.intro}</p> : null}
      </div>
      {invalid === undefined ? (
        <ConfirmForm token={token} onRefused={setRefusal} />
      ) : (
        <Invalid message={invalid} focus={!malformed} />
      )}
    </div>
  );
}

function ConfirmForm({ token, onRefused }: { token: string; onRefused: (m: string) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    fields: [],
    send: async () => {
      try {
        await confirmSignUp({ token });
      } catch (error) {
        if (error instanceof ApiError && error.code === LINK_INVALID) {
          onRefused(error.message);
          return null;
        }
        throw error;
      }
      await refreshSession(queryClient);
      navigate(pageRoutes.home, { replace: true });
      return '';
    },
  });
  return (
    <form className="form" onSubmit={form.onSubmit}>
      <FormMessage error={form.message} />
      <SubmitButton
        pending={form.pending}
        label={t.confirmSignUp.submit}
        pendingLabel={t.confirmSignUp.submitting}
      />
    </form>
  );
}

/** The link cannot be used: focused when it replaces the button, so it is read out. */
function Invalid({ message, focus }: { message: string; focus: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <>
      <p ref={ref} className="message message--error" tabIndex={-1}>
        {message}
      </p>
      <p className="page__intro">
        <Link to={paths.signUp()}>{t.confirmSignUp.signUpAgain}</Link>
      </p>
    </>
  );
}
