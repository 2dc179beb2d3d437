import { DevicesPanel } from '../../features/devices/DevicesPanel';
import { t } from '../../i18n/zh-TW';
import { Section } from './Section';

/** 裝置: the registered devices (features/devices, issue 23 item 3). */
export function DevicesSection() {
  return (
    <Section id="devices" heading={t.accountCentre.devices.heading}>
      <DevicesPanel />
    </Section>
  );
}
