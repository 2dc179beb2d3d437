import { useId } from 'react';
import { accountFieldLimits } from '@site/contract';
import { bindKbro, bindTelecom } from '../../api/accounts';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';

/** ajaxBindLoginData.do: the operator's mobile line and its SMS code. */
function TelecomForm() {
  const headingId = useId();
  const form = useForm({
    fields: ['partnerAccountId', 'verificationCode'],
    send: async ({ partnerAccountId, verificationCode }) => {
      const binding = await bindTelecom({
        partnerAccountId: partnerAccountId.trim(),
        verificationCode: verificationCode.trim(),
      });
      return t.subAccounts.bound(binding.partnerAccountIdMasked);
    },
    resetOnSuccess: true,
  });
  return (
    <form className="form" onSubmit={form.onSubmit} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.subAccounts.telecomHeading}</h3>
      <TextField
        label={t.subAccounts.telecomId}
        name="partnerAccountId"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        {...accountFieldLimits.partnerAccountId}
        required
        hint={t.subAccounts.telecomHint}
        error={form.errors.partnerAccountId}
      />
      <TextField
        label={t.subAccounts.verificationCode}
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...accountFieldLimits.verificationCode}
        required
        hint={t.subAccounts.codeHint}
        error={form.errors.verificationCode}
      />
      <FormMessage error={form.message} success={form.success} />
      <SubmitButton pending={form.pending} label={t.subAccounts.bind} />
    </form>
  );
}

/** ajaxKbroBindLoginData.do: a kbro cable account, its code, and what to do if it is bound elsewhere. */
function KbroForm() {
  const headingId = useId();
  const reserveName = useId();
  const form = useForm({
    fields: ['partnerAccountId', 'verificationCode', reserveName],
    send: async (values) => {
      const binding = await bindKbro({
        partnerAccountId: (values.partnerAccountId ?? '').trim().toUpperCase(),
        verificationCode: (values.verificationCode ?? '').trim(),
        reserveType: values[reserveName]?.trim() === '2' ? '2' : '1',
      });
      return t.subAccounts.bound(binding.partnerAccountIdMasked);
    },
    resetOnSuccess: true,
  });
  return (
    <form className="form" onSubmit={form.onSubmit} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.subAccounts.kbroHeading}</h3>
      <TextField
        label={t.subAccounts.kbroId}
        name="partnerAccountId"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...accountFieldLimits.partnerAccountId}
        required
        hint={t.subAccounts.kbroHint}
        error={form.errors.partnerAccountId}
      />
      <TextField
        label={t.subAccounts.verificationCode}
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...accountFieldLimits.verificationCode}
        required
        hint={t.subAccounts.codeHint}
        error={form.errors.verificationCode}
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
      <FormMessage error={form.message} success={form.success} />
      <SubmitButton pending={form.pending} label={t.subAccounts.bind} />
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
