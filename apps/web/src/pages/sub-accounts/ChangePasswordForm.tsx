import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { changePassword } from '../../api/accounts';
import { refreshSession } from '../../api/session';
import { fieldErrors, formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { TextField } from '../../features/forms/TextField';
import { useAction } from '../../features/forms/use-action';
import { t } from '../../i18n/zh-TW';

/** ajaxChangePassword.do: every other session ends; this one continues with a fresh id. */
export function ChangePasswordForm() {
  const action = useAction();
  const [mismatch, setMismatch] = useState(false);
  const queryClient = useQueryClient();
  const errors = fieldErrors(action.error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      oldPassword: String(data.get('oldPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
    };
    const differs = body.newPassword !== String(data.get('newPasswordConfirm') ?? '');
    setMismatch(differs);
    if (differs) {
      action.reset();
      return;
    }
    const ok = await action.perform(async () => {
      await changePassword(body);
      await refreshSession(queryClient);
      return t.subAccounts.passwordChanged;
    });
    if (ok) form.reset();
  };

  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label={t.subAccounts.oldPassword}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        maxLength={200}
        required
        error={errors.oldPassword}
      />
      <TextField
        label={t.subAccounts.newPassword}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={8}
        maxLength={72}
        required
        hint={t.signUp.passwordHint}
        error={errors.newPassword}
      />
      <TextField
        label={t.subAccounts.newPasswordConfirm}
        name="newPasswordConfirm"
        type="password"
        autoComplete="new-password"
        maxLength={72}
        required
        error={mismatch ? t.signUp.mismatch : undefined}
      />
      <FormMessage
        error={formError(action.error, t.common.actionFailed)}
        success={action.success}
      />
      <button type="submit" className="button button--primary" disabled={action.pending}>
        {t.subAccounts.changePassword}
      </button>
    </form>
  );
}
