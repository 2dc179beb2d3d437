import { Link } from 'react-router';
import { liveChannelPath, type ChannelV2 } from '@site/contract';
import { paths } from '../../app/paths';
import './ChannelTile.css';

interface ChannelTileProps {
  channel: ChannelV2;
  /** False for the NEWS group (SPEC §2 part 6). */
  showDescription?: boolean;
  current?: boolean;
  eager?: boolean;
}

/** Simple-play channels open their own page (SPEC §2 "Live channel page"). */
export function channelHref(channel: ChannelV2): string {
  return channel.openSimplePlayPage === 'Y'
    ? paths.liveSimplePlayer(channel.channelId)
    : liveChannelPath(channel.channelId);
}

export function ChannelTile({
  channel,
  showDescription = true,
  current = false,
  eager = false,
}: ChannelTileProps) {
  return (
    <Link
      to={channelHref(channel)}
      className={`channel-tile${current ? ' channel-tile--current' : ''}`}
      aria-current={current ? 'page' : undefined}
    >
      <span className="channel-tile__frame">
        <img
          className="channel-tile__image"
          src={channel.channelPic}
          alt=""
          width={320}
          height={180}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className={`channel-tile__status channel-tile__status--s${channel.channelStatus}`}>
          {channel.channelStatusDesc}
        </span>
      </span>
      <span className="channel-tile__name">{channel.channelName}</span>
      {showDescription && <span className="channel-tile__desc">{channel.channelDesc}</span>}
    </Link>
  );
}
