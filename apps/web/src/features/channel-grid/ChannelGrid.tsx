import type { MouseEventHandler } from 'react';
import { NEWS_GROUP_TITLE, type ChannelGroup } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { Tabs } from '../tabs/Tabs';
import { ChannelTile } from './ChannelTile';
import { groupLabel } from './group-label';
import './ChannelGrid.css';

interface ChannelGridProps {
  groups: ChannelGroup[];
  currentChannelId?: string;
  /** A tile's click handler for a channel (the live page starts the stream at the click). */
  startChannel?: (channelId: string) => MouseEventHandler<HTMLAnchorElement>;
}

/** SPEC §2 part 6: one tab per channel group, a grid of channel tiles in each. */
export function ChannelGrid({ groups, currentChannelId, startChannel }: ChannelGridProps) {
  const items = groups.map((group, groupIndex) => ({
    key: group.channelGroupId,
    title: groupLabel(group.channelGroupTitle),
    panel: (
      <ul className="channel-grid">
        {group.channelV2List.channelV2.map((channel, index) => (
          <li key={channel.channelId}>
            <ChannelTile
              channel={channel}
              showDescription={group.channelGroupTitle !== NEWS_GROUP_TITLE}
              current={channel.channelId === currentChannelId}
              eager={groupIndex === 0 && index < 4}
              onClick={startChannel?.(channel.channelId)}
            />
          </li>
        ))}
      </ul>
    ),
  }));
  const selected = currentChannelId
    ? groups.findIndex((group) =>
        group.channelV2List.channelV2.some((channel) => channel.channelId === currentChannelId),
      )
    : 0;
  return (
    <Tabs
      label={t.live.groupsLabel}
      items={items}
      defaultIndex={Math.max(0, selected)}
      stacked
      className="channel-grid-tabs"
    />
  );
}
