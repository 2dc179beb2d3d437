import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountFieldLimits, type AccountProfile, type LoginInfo } from '@site/contract';
import { accountProfileKey, updateAccountContact } from '../../api/account-centre';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { TextField } from '../../features/forms/TextField';
import { useForm } from '../../features/forms/use-form';
import { t } from '../../i18n/zh-TW';
import { emailProblem, phoneProblem } from './format';
import { Section } from './Section';

const c = t.accountCentre.contact;

/**
 * 電子郵件與手機: what is on file, and the form that changes it (ajaxUpdateAccountContact.do). A
 * change needs the current password; an empty field clears it.
 */
export function ContactSection({ info, profile }: { info: LoginInfo; profile: AccountProfile }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    fields: ['email', 'phone', 'password'],
    check: ({ email, phone }) => ({ email: emailProblem(email), phone: phoneProblem(phone) }),
    send: async ({ email, phone, password: current }) => {
      const saved = await updateAccountContact({ email, phone, password: current });
      queryClient.setQueryData(accountProfileKey(info), saved);
      // The password is asked again for the next change; the new values stay in their fields.
      const field = formRef.current?.elements.namedItem('password');
      if (field instanceof HTMLInputElement) field.value = '';
      return c.saved;
    },
  });

  return (
    <Section id="contact" heading={c.heading}>
      <dl className="account-centre__facts">
        <div>
          <dt>{c.email}</dt>
          <dd>{profile.email ?? c.none}</dd>
        </div>
        <div>
          <dt>{c.phone}</dt>
          <dd>{profile.phone ?? c.none}</dd>
        </div>
      </dl>
      <form ref={formRef} className="form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label={c.email}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={profile.email ?? ''}
          {...accountFieldLimits.email}
          hint={c.emailHint}
          error={form.errors.email}
        />
        <TextField
          label={c.phone}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          defaultValue={profile.phone ?? ''}
          {...accountFieldLimits.phone}
          hint={c.phoneHint}
          error={form.errors.phone}
        />
        <TextField
          label={c.password}
          name="password"
          type="password"
          autoComplete="current-password"
          {...accountFieldLimits.password}
          required
          hint={c.passwordHint}
          error={form.errors.password}
        />
        <FormMessage error={form.message} success={form.success} />
        <SubmitButton pending={form.pending} label={c.save} pendingLabel={c.saving} />
      </form>
    </Section>
  );
}
