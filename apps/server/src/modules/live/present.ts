import { channelStatusWording, type ChannelStatus, type ChannelV2 } from '@site/contract';
import { mediaUrl } from '../media/urls.js';
import type { ChannelRow } from './queries.js';

export function toChannelV2(row: ChannelRow): ChannelV2 {
  const status = row.status as ChannelStatus;
  return {
    channelId: row.channel_id,
    channelStatus: status,
    channelStatusDesc: channelStatusWording[status],
    channelPic: mediaUrl(row.pic_path),
    channelName: row.name,
    channelDesc: row.description,
    openSimplePlayPage: row.open_simple_play_page === 'Y' ? 'Y' : 'N',
  };
}
