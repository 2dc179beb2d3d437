import type { Kysely } from 'kysely';
import { documentTitle, pageTitles } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { HeadResolver } from '../../http/page-shell.js';
import { systemClock } from '../../time.js';
import { IMAGE_SIZES, mediaUrl } from '../media/urls.js';
import { channelVisibleTo } from './channel-rules.js';
import { findChannel, programmesBetween, type ChannelRow, type ProgrammeRow } from './queries.js';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * schema.org for a channel page (issue 28 item 10): the channel as a TelevisionChannel and, when
 * one is on air, the programme as a live BroadcastEvent published on the channel's service.
 */
function channelJsonLd(
  channel: ChannelRow,
  onAir: ProgrammeRow | undefined,
  absolute: (path: string) => string,
): Record<string, unknown> {
  const url = absolute(`/LiveChannel/${encodeURIComponent(channel.channel_id)}`);
  const service = {
    '@type': 'BroadcastService',
    name: channel.name,
    broadcastDisplayName: channel.name,
    url,
  };
  const graph: Record<string, unknown>[] = [
    {
      '@type': 'TelevisionChannel',
      name: channel.name,
      description: channel.description,
      broadcastChannelId: channel.channel_id,
      broadcastServiceTier: channel.play_right_type === 'SVOD' ? 'Premium' : 'Free',
      providesBroadcastService: service,
      url,
    },
  ];
  if (onAir) {
    graph.push({
      '@type': 'BroadcastEvent',
      name: onAir.name,
      ...(onAir.description.trim() ? { description: onAir.description } : {}),
      startDate: iso(Number(onAir.start_at)),
      endDate: iso(Number(onAir.end_at)),
      isLiveBroadcast: true,
      publishedOn: service,
      inLanguage: 'zh-Hant-TW',
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** The head of a channel's share link {origin}/LiveChannel/{channelId} (SPEC §2). */
export function liveChannelHead(
  db: Kysely<Database>,
  clock: () => number = systemClock,
): HeadResolver {
  return async ({ channelId = '' }, { viewer, absolute }) => {
    const channel = await findChannel(db, channelId);
    // A channel the viewer may not see (a kid, a channel not for kids) gets the not-found head.
    if (!channel || !channelVisibleTo(channel, viewer)) return null;
    const now = clock();
    const [onAir] = await programmesBetween(db, now, now + 1, channel.channel_id);
    return {
      title: documentTitle(`${channel.name}｜${pageTitles.live}`),
      description: channel.description,
      image: mediaUrl(channel.pic_path),
      imageAlt: `${channel.name}頻道圖片`,
      imageSize: IMAGE_SIZES.channel,
      // The stage shows this picture until the stream's first frame: the page's largest paint.
      preloadImage: mediaUrl(channel.pic_path),
      ogType: 'video.other',
      jsonLd: channelJsonLd(channel, onAir, absolute),
    };
  };
}
