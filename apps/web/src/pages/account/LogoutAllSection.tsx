import { t } from '../../i18n/zh-TW';
import { LogoutAllDevices } from '../sub-accounts/LogoutAllDevices';
import { Section } from './Section';

/** 登出所有裝置: every session and app token of the account ends. */
export function LogoutAllSection() {
  return (
    <Section id="logout-all" heading={t.accountCentre.logoutAll.heading}>
      <LogoutAllDevices />
    </Section>
  );
}
