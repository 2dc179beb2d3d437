import { t } from '../../i18n/zh-TW';
import { ChangePasswordForm } from '../sub-accounts/ChangePasswordForm';
import { Section } from './Section';

/** 密碼: the password change (every other session ends). */
export function PasswordSection() {
  return (
    <Section id="password" heading={t.accountCentre.password.heading}>
      <ChangePasswordForm />
    </Section>
  );
}
