import { PrerollAd } from '../../features/player/ads/PrerollAd';
import type { AdOutcome } from '../../features/player/ads/machine';

/** How a pre-roll ended, as the ads player reports it; content follows in every case. */
export type PrerollOutcome = AdOutcome;

/**
 * The pre-roll of an AVOD title (issue 12 item 3, `features/player/ads/`): shown before the
 * content whenever the play-right reply carries `preVastUrl`; `onDone` starts the content, after
 * a completed ad and equally after an error, a timeout or an empty VAST (SPEC §4, §8).
 */
export function Preroll({
  adTagUrl,
  onDone,
}: {
  adTagUrl: string;
  onDone: (outcome: PrerollOutcome) => void;
}) {
  return <PrerollAd adTagUrl={adTagUrl} onDone={onDone} />;
}
