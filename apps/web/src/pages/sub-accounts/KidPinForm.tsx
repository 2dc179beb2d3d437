import type { FormEvent } from 'react';
import { setKidPin } from '../../api/accounts';
import { fieldErrors, formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { TextField } from '../../features/forms/TextField';
import { useAction } from '../../features/forms/use-action';
import { t } from '../../i18n/zh-TW';

/** ajaxSetKidPin.do: the owner's password and a 4–6 digit PIN (adults only). */
export function KidPinForm() {
  const action = useAction();
  const errors = fieldErrors(action.error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      password: String(data.get('password') ?? ''),
      pin: String(data.get('pin') ?? ''),
    };
    const ok = await action.perform(async () => {
      await setKidPin(body);
      return t.subAccounts.pinSaved;
    });
    if (ok) form.reset();
  };

  return (
    <form className="form" onSubmit={submit}>
      <p className="form__hint">{t.subAccounts.pinIntro}</p>
      <TextField
        label={t.subAccounts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={200}
        required
        error={errors.password}
      />
      <TextField
        label={t.subAccounts.pin}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d{4,6}"
        minLength={4}
        maxLength={6}
        required
        hint={t.subAccounts.pinHint}
        error={errors.pin}
      />
      <FormMessage
        error={formError(action.error, t.common.actionFailed)}
        success={action.success}
      />
      <button type="submit" className="button button--primary" disabled={action.pending}>
        {t.subAccounts.pinSubmit}
      </button>
    </form>
  );
}
