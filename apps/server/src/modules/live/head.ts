import type { Kysely } from 'kysely';
import { documentTitle, pageTitles } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { HeadResolver } from '../../http/page-shell.js';
import { mediaUrl } from '../media/urls.js';
import { channelVisibleTo } from './channel-rules.js';
import { findChannel } from './queries.js';

/** The head of a channel's share link {origin}/LiveChannel/{channelId} (SPEC §2). */
export function liveChannelHead(db: Kysely<Database>): HeadResolver {
  return async ({ channelId = '' }, { viewer }) => {
    const channel = await findChannel(db, channelId);
    // A channel the viewer may not see (a kid, a channel not for kids) gets the not-found head.
    if (!channel || !channelVisibleTo(channel, viewer)) return null;
    return {
      title: documentTitle(`${channel.name}｜${pageTitles.live}`),
      description: channel.description,
      image: mediaUrl(channel.pic_path),
      ogType: 'video.other',
    };
  };
}
