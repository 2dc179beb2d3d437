import { useQueryClient } from '@tanstack/react-query';
import { accountFieldLimits } from '@site/contract';
import { changePassword } from '../../api/accounts';
import { refreshSession } from '../../api/session';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';

/** ajaxChangePassword.do: every other session ends; this one continues with a fresh id. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm({
    fields: ['oldPassword', 'newPassword', 'newPasswordConfirm'],
    check: ({ newPassword, newPasswordConfirm }) => ({
      newPasswordConfirm: newPasswordConfirm === newPassword ? undefined : t.signUp.mismatch,
    }),
    send: async ({ oldPassword, newPassword }) => {
      await changePassword({ oldPassword, newPassword });
      await refreshSession(queryClient);
      return t.subAccounts.passwordChanged;
    },
    resetOnSuccess: true,
  });

  return (
    <form className="form" onSubmit={form.onSubmit}>
      <TextField
        label={t.subAccounts.oldPassword}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        {...accountFieldLimits.password}
        required
        error={form.errors.oldPassword}
      />
      <TextField
        label={t.subAccounts.newPassword}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        {...accountFieldLimits.newPassword}
        required
        hint={t.signUp.passwordHint}
        error={form.errors.newPassword}
      />
      <TextField
        label={t.subAccounts.newPasswordConfirm}
        name="newPasswordConfirm"
        type="password"
        autoComplete="new-password"
        {...accountFieldLimits.newPasswordConfirm}
        required
        error={form.errors.newPasswordConfirm}
      />
      <FormMessage error={form.message} success={form.success} />
      <SubmitButton pending={form.pending} label={t.subAccounts.changePassword} />
    </form>
  );
}
