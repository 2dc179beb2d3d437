import { useId, type FormEvent } from 'react';
import { bindKbro, bindTelecom } from '../../api/accounts';
import { fieldErrors, formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { TextField } from '../../features/forms/TextField';
import { useAction } from '../../features/forms/use-action';
import { t } from '../../i18n/zh-TW';

function text(data: FormData, name: string): string {
  return String(data.get(name) ?? '').trim();
}

/** ajaxBindLoginData.do: the operator's mobile line and its SMS code. */
function TelecomForm() {
  const headingId = useId();
  const action = useAction();
  const errors = fieldErrors(action.error);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      partnerAccountId: text(data, 'partnerAccountId'),
      verificationCode: text(data, 'verificationCode'),
    };
    if (
      await action.perform(async () =>
        t.subAccounts.bound((await bindTelecom(body)).partnerAccountIdMasked),
      )
    ) {
      form.reset();
    }
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.subAccounts.telecomHeading}</h3>
      <TextField
        label={t.subAccounts.telecomId}
        name="partnerAccountId"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        required
        hint={t.subAccounts.telecomHint}
        error={errors.partnerAccountId}
      />
      <TextField
        label={t.subAccounts.verificationCode}
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        hint={t.subAccounts.codeHint}
        error={errors.verificationCode}
      />
      <FormMessage
        error={formError(action.error, t.common.actionFailed)}
        success={action.success}
      />
      <button type="submit" className="button button--primary" disabled={action.pending}>
        {t.subAccounts.bind}
      </button>
    </form>
  );
}

/** ajaxKbroBindLoginData.do: a kbro cable account, its code, and what to do if it is bound elsewhere. */
function KbroForm() {
  const headingId = useId();
  const reserveName = useId();
  const action = useAction();
  const errors = fieldErrors(action.error);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      partnerAccountId: text(data, 'partnerAccountId').toUpperCase(),
      verificationCode: text(data, 'verificationCode'),
      reserveType: text(data, reserveName) === '2' ? ('2' as const) : ('1' as const),
    };
    if (
      await action.perform(async () =>
        t.subAccounts.bound((await bindKbro(body)).partnerAccountIdMasked),
      )
    ) {
      form.reset();
    }
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.subAccounts.kbroHeading}</h3>
      <TextField
        label={t.subAccounts.kbroId}
        name="partnerAccountId"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={10}
        required
        hint={t.subAccounts.kbroHint}
        error={errors.partnerAccountId}
      />
      <TextField
        label={t.subAccounts.verificationCode}
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        hint={t.subAccounts.codeHint}
        error={errors.verificationCode}
      />
      <fieldset>
        <legend>{t.subAccounts.reserveLegend}</legend>
        <label className="form__check">
          <input type="radio" name={reserveName} value="1" defaultChecked />
          {t.subAccounts.reserveKeep}
        </label>
        <label className="form__check">
          <input type="radio" name={reserveName} value="2" />
          {t.subAccounts.reserveMove}
        </label>
      </fieldset>
      <FormMessage
        error={formError(action.error, t.common.actionFailed)}
        success={action.success}
      />
      <button type="submit" className="button button--primary" disabled={action.pending}>
        {t.subAccounts.bind}
      </button>
    </form>
  );
}

/** The two small binding forms of docs/adr/0009. */
export function PartnerBinding() {
  return (
    <div className="partner-binding">
      <TelecomForm />
      <KbroForm />
    </div>
  );
}
