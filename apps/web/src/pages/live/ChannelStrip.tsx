import { Link } from 'react-router';
import { liveChannelPath, type LiveChannelItem } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { t } from '../../i18n/zh-TW';
import { aheadOf } from '../../features/channel-grid/ask-ahead';
import type { ChannelStarter } from './start-channel';
import './ChannelStrip.css';

/**
 * SPEC §2 part 2: '直播進行中', each live channel's name and the programme on air, the active
 * channel highlighted. The page keeps the list current (it asks again when a programme ends).
 */
export function ChannelStrip({
  channels,
  activeId,
  starter,
  pending = false,
}: {
  channels: LiveChannelItem[];
  /**
   * The page data is still on its way: the strip keeps its place with one blank item of the
   * same box, so the channel groups under it do not move down when it fills (layout shift).
   */
  pending?: boolean;
  activeId: string;
  /** A click on another channel may start its stream before the page changes. */
  starter: ChannelStarter;
}) {
  // Only a visitor's switch reply is asked ahead: a member's would take a stream lease.
  const info = useLoginInfo().data;
  const visitor = info !== undefined && info.isLogin !== 'Y';
  if (pending) {
    return (
      <nav className="live-strip" aria-labelledby="live-strip-title" aria-busy="true">
        <h2 id="live-strip-title" className="live-strip__title">
          {t.live.stripLabel}
        </h2>
        <ul className="live-strip__list" aria-hidden="true">
          <li>
            <span className="live-strip__item">
              <span className="live-strip__name">{'\u00a0'}</span>
              <span className="live-strip__programme">{'\u00a0'}</span>
            </span>
          </li>
        </ul>
      </nav>
    );
  }
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
                {...aheadOf(channel.channelId, visitor)}
                onClick={active ? undefined : starter.onClick(channel.channelId)}
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
