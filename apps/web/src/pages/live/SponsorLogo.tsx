import type { SwitchChannelData } from '@site/contract';
import { t } from '../../i18n/zh-TW';

/** The channel's sponsor logo over the stage, on the side its reply names (SPEC §4). */
export function SponsorLogo({ data }: { data: SwitchChannelData }) {
  const logo = data.sponsorLogo;
  if (logo.showLogo !== 'Y' || !logo.logoUrl) return null;
  const side = logo.position === 'UR' ? 'ur' : 'l';
  return (
    <img
      className={`live-sponsor live-sponsor--${side}`}
      src={logo.logoUrl}
      alt={t.live.sponsor}
      data-position={logo.position}
    />
  );
}
