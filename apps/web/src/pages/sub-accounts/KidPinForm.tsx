import { accountFieldLimits } from '@site/contract';
import { setKidPin } from '../../api/accounts';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';

/** ajaxSetKidPin.do: the owner's password and a 4–6 digit PIN (adults only). */
export function KidPinForm() {
  const form = useForm({
    fields: ['password', 'pin'],
    send: async (body) => {
      await setKidPin(body);
      return t.subAccounts.pinSaved;
    },
    resetOnSuccess: true,
  });

  return (
    <form className="form" onSubmit={form.onSubmit}>
      <p className="form__hint">{t.subAccounts.pinIntro}</p>
      <TextField
        label={t.subAccounts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        {...accountFieldLimits.password}
        required
        error={form.errors.password}
      />
      <TextField
        label={t.subAccounts.pin}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        {...accountFieldLimits.kidPin}
        required
        hint={t.subAccounts.pinHint}
        error={form.errors.pin}
      />
      <FormMessage error={form.message} success={form.success} />
      <SubmitButton pending={form.pending} label={t.subAccounts.pinSubmit} />
    </form>
  );
}
