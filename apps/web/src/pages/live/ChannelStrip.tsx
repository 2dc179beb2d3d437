import type { MouseEvent } from 'react';
import { Link, useNavigate, type NavigateFunction } from 'react-router';
import { liveChannelPath, type LiveChannelItem } from '@site/contract';
import { answeredSwitch, prefetchSwitchChannel } from '../../api/live';
import { preloadHls } from '../../features/player/load-hls';
import { isPlainClick } from '../../features/player/PlayLink';
import { firstFragmentOrSoon, prepareHls, warmStream } from '../../features/player/prewarm';
import { t } from '../../i18n/zh-TW';
import { channelView } from './live-rules';
import './ChannelStrip.css';

/** Asks for a channel's stream while the pointer or focus is on its link (api/live.ts). */
export function aheadOf(channelId: string) {
  const warm = () => {
    preloadHls();
    prepareHls();
    prefetchSwitchChannel(channelId);
  };
  return { onPointerEnter: warm, onFocus: warm, onPointerDown: warm };
}

/**
 * At a click on another channel whose reply came ahead: when the site's player will play it (a
 * PC, no pre-roll, our own stream), hls.js starts loading it at once and the page follows once its
 * first fragment is in (at most 150 ms later), as a play link does for a title (ADR 0027). Any
 * other case is a plain link.
 */
function startChannel(channelId: string, navigate: NavigateFunction, isPc: boolean) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPc || event.defaultPrevented || !isPlainClick(event)) return;
    const reply = answeredSwitch(channelId);
    const view = reply ? channelView(reply, { isPc }) : undefined;
    if (view?.kind !== 'play' || view.prerollTag) return;
    event.preventDefault();
    void firstFragmentOrSoon(warmStream(view.src)).then(() => navigate(liveChannelPath(channelId)));
  };
}

/**
 * SPEC §2 part 2: '直播進行中', each live channel's name and the programme on air, the active
 * channel highlighted. The page keeps the list current (it asks again when a programme ends).
 */
export function ChannelStrip({
  channels,
  activeId,
  isPc,
}: {
  channels: LiveChannelItem[];
  activeId: string;
  /** The site's player plays here, so a click may start the stream before the page changes. */
  isPc: boolean;
}) {
  const navigate = useNavigate();
  if (channels.length === 0) return null;
  return (
    <nav className="live-strip" aria-labelledby="live-strip-title">
      <h2 id="live-strip-title" className="live-strip__title">
        {t.live.stripLabel}
      </h2>
      <ul className="live-strip__list">
        {channels.map((channel) => {
          const active = channel.channelId === activeId;
          return (
            <li key={channel.channelId}>
              <Link
                to={liveChannelPath(channel.channelId)}
                className={`live-strip__item${active ? ' live-strip__item--active' : ''}`}
                aria-current={active ? 'true' : undefined}
                data-channel-id={channel.channelId}
                {...aheadOf(channel.channelId)}
                onClick={active ? undefined : startChannel(channel.channelId, navigate, isPc)}
              >
                <span className="live-strip__name">{channel.channelName}</span>
                <span className="live-strip__programme">
                  {channel.program.programName || t.live.noProgramme}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
