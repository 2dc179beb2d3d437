import type { Kysely } from 'kysely';
import { documentTitle, pageTitles, programStartSchema } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { HeadResolver } from '../../http/page-shell.js';
import { systemClock } from '../../time.js';
import { IMAGE_SIZES, mediaUrl } from '../media/urls.js';
import { channelVisibleTo } from './channel-rules.js';
import { taipeiLabel } from '../../taipei-time.js';
import {
  findChannel,
  programmeAt,
  programmesBetween,
  type ChannelRow,
  type ProgrammeRow,
} from './queries.js';

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

/** The programme a share link names (`?program={start}`, one spelling), if the channel has it. */
async function sharedProgramme(
  db: Kysely<Database>,
  channelId: string,
  search: string,
): Promise<ProgrammeRow | undefined> {
  const start = programStartSchema.safeParse(new URLSearchParams(search).get('program') ?? '');
  return start.success ? programmeAt(db, channelId, start.data) : undefined;
}

/**
 * The head of a channel's share link {origin}/LiveChannel/{channelId} (SPEC §2); with
 * `?program={start}` (start over and catch-up, docs/adr/0043) the card names the programme and
 * the channel, and the canonical address keeps the programme.
 */
export function liveChannelHead(
  db: Kysely<Database>,
  clock: () => number = systemClock,
): HeadResolver {
  return async ({ channelId = '' }, { viewer, absolute, search }) => {
    const channel = await findChannel(db, channelId);
    // A channel the viewer may not see (a kid, a channel not for kids) gets the not-found head.
    if (!channel || !channelVisibleTo(channel, viewer)) return null;
    const now = clock();
    const [[onAir], shared] = await Promise.all([
      programmesBetween(db, now, now + 1, channel.channel_id),
      sharedProgramme(db, channel.channel_id, search),
    ]);
    const programme = shared
      ? {
          title: documentTitle(`${shared.name}｜${channel.name}`),
          description:
            `${channel.name} ${taipeiLabel(Number(shared.start_at))} 播出` +
            (shared.description.trim() && shared.description !== shared.name
              ? `：${shared.description}`
              : `：${shared.name}`),
          canonicalPath: `/LiveChannel/${encodeURIComponent(channel.channel_id)}?program=${Number(shared.start_at)}`,
        }
      : null;
    return {
      title: programme?.title ?? documentTitle(`${channel.name}｜${pageTitles.live}`),
      description: programme?.description ?? channel.description,
      ...(programme ? { canonicalPath: programme.canonicalPath } : {}),
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
