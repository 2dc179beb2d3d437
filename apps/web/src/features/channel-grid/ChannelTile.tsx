import type { MouseEventHandler } from 'react';
import { Link } from 'react-router';
import { liveChannelPath, type ChannelV2 } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { aheadOf } from './ask-ahead';
import './ChannelTile.css';

interface ChannelTileProps {
  channel: ChannelV2;
  /** False for the NEWS group (SPEC §2 part 6). */
  showDescription?: boolean;
  current?: boolean;
  eager?: boolean;
  /** The live page may start the channel's stream at the click, before the page changes. */
  onClick?: MouseEventHandler<HTMLAnchorElement> | undefined;
}

/**
 * Every tile opens the channel on the live page; a simple-play channel shows its fake player
 * there, whose play button leads to the simple-player page (SPEC §2 "Live channel page").
 */
export function channelHref(channel: ChannelV2): string {
  return liveChannelPath(channel.channelId);
}

export function ChannelTile({
  channel,
  showDescription = true,
  current = false,
  eager = false,
  onClick,
}: ChannelTileProps) {
  // Only a visitor's switch reply is asked ahead: a member's would take a stream lease.
  const info = useLoginInfo().data;
  const visitor = info !== undefined && info.isLogin !== 'Y';
  return (
    <Link
      to={channelHref(channel)}
      className={`channel-tile${current ? ' channel-tile--current' : ''}`}
      aria-current={current ? 'page' : undefined}
      data-channel-id={channel.channelId}
      {...aheadOf(channel.channelId, visitor)}
      onClick={current ? undefined : onClick}
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
