import type { Kysely } from 'kysely';
import type { LivePageData, LiveChannelItem, SwitchChannelData } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import { liveAdFields } from '../ads/index.js';
import { drawActivityFor } from '../engagement/index.js';
import { mediaUrl } from '../media/urls.js';
import {
  channelStatus,
  channelVisibleTo,
  contentSource,
  safeTwitchLogin,
} from './channel-rules.js';
import { liveAccess } from './live-right.js';
import type { LiveOrigin } from './origin/origin.js';
import { toChannelBean, toChannelV2, toProgramSchedule, toSponsorLogo } from './present.js';
import {
  channelGroups,
  channelWordings,
  findChannel,
  listChannels,
  programmesAt,
  programmesStarting,
  type ChannelRow,
} from './queries.js';
import type { LineupSettingsStore } from './lineup-settings.js';
import { liveStreamUrl } from './stream-hosts.js';
import { taipeiMidnight } from '../../taipei-time.js';

/** The programme list shows today and the six days after it (Taipei dates). */
export const SCHEDULE_DAYS = 7;
const DAY = 86_400;

export interface LiveSettings {
  /**
   * The stream-host rules and the channel the page opens on when none is asked for ('' → the
   * first free one on air): set in the console, read per request (docs/adr/0047).
   */
  lineup: LineupSettingsStore;
  /** liveIsLogin: the simple-play page needs a signed-in viewer. */
  simplePlayNeedsLogin: boolean;
  publicUrl: string;
}

const notAChannel = () => notFound('找不到這個頻道。');

/** A linear channel lists only what it airs: programmes inside its air window. */
function withinAir(channel: ChannelRow, p: { start_at: number; end_at: number }): boolean {
  if (channel.channel_type !== '0') return true;
  const start = channel.air_start_at === null ? null : Number(channel.air_start_at);
  const end = channel.air_end_at === null ? null : Number(channel.air_end_at);
  return (start === null || Number(p.end_at) > start) && (end === null || Number(p.start_at) < end);
}

/** The live page's calls as functions of (viewer, input, now): routes only validate and reply. */
export class LiveService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly origin: LiveOrigin,
    private readonly settings: LiveSettings,
  ) {}

  /** The channel if this viewer may see it (a kid: kid channels only); 404 alike otherwise. */
  async requireChannel(channelId: string, viewer: Viewer | null): Promise<ChannelRow> {
    const channel = await findChannel(this.db, channelId);
    if (!channel || !channelVisibleTo(channel, viewer)) throw notAChannel();
    return channel;
  }

  /** Whether the viewer may play the channel now (the apps' StartStream; live-right.ts decides). */
  async plays(viewer: Viewer, channelId: string, now: number): Promise<boolean> {
    const channel = await this.requireChannel(channelId, viewer);
    const access = await liveAccess(this.db, channel, viewer, now, this.origin.canPlayOut(channel));
    return access.plays;
  }

  /** The live page's tabbed channel-group grid. */
  async channelGroupList(viewer: Viewer | null, now: number) {
    // A kid's grid holds kid channels only, and no group left empty by that (docs/adr/0028).
    const groups = (await channelGroups(this.db))
      .map((group) => ({
        ...group,
        channels: group.channels.filter((c) => channelVisibleTo(c, viewer)),
      }))
      .filter((group) => !viewer?.kidMode || group.channels.length > 0);
    return {
      channelGroupList: {
        channelGroup: groups.map((group) => ({
          channelGroupId: group.channelGroupId,
          channelGroupTitle: group.title,
          channelV2List: { channelV2: group.channels.map((c) => toChannelV2(c, now)) },
        })),
      },
    };
  }

  /** Plays for everyone, here: what the page opens on when no channel is asked for. */
  private opensForAnyone(channel: ChannelRow, now: number): boolean {
    return (
      channelStatus(channel, now) === '1' &&
      contentSource(channel) === 'ORIGIN' &&
      channel.allow_web === 'Y' &&
      channel.play_right_type === 'FREE' &&
      this.origin.canPlayOut(channel)
    );
  }

  /** SPEC §3 live page data: the channels on air with their programme, the default channel, who asks. */
  async pageData(
    viewer: Viewer | null,
    channelId: string | undefined,
    now: number,
  ): Promise<LivePageData> {
    const [all, current, settings] = await Promise.all([
      listChannels(this.db),
      programmesAt(this.db, now),
      this.settings.lineup.current(),
    ]);
    // A kid's page lists, opens on and knows only kid channels (docs/adr/0028).
    const channels = all.filter((c) => channelVisibleTo(c, viewer));
    const onAir = new Map(current.map((p) => [p.channel_id, p]));
    const live = channels.filter((c) => channelStatus(c, now) === '1');
    const liveChannelList = live.map((c): LiveChannelItem => {
      const programme = onAir.get(c.channel_id);
      return {
        channelId: c.channel_id,
        channelName: c.name,
        channelPic: mediaUrl(c.pic_path),
        openSimplePlayPage: c.open_simple_play_page === 'Y' ? 'Y' : 'N',
        program: {
          programName: programme?.name ?? '',
          endsAt: programme ? new Date(Number(programme.end_at) * 1000).toISOString() : '',
        },
      };
    });
    const known = (id: string | undefined) => !!id && channels.some((c) => c.channel_id === id);
    const defaultLiveChannelId = known(channelId)
      ? channelId!
      : known(settings.defaultChannelId)
        ? settings.defaultChannelId
        : ((channels.find((c) => this.opensForAnyone(c, now)) ?? live[0])?.channel_id ?? '');
    return {
      dataContent: {
        mainWrapCustomizeData: { liveChannelList, defaultLiveChannelId },
        liveIsLogin: this.settings.simplePlayNeedsLogin ? 'Y' : 'N',
        uid: viewer?.subAccount.sub_account_uid ?? '',
      },
    };
  }

  /**
   * SPEC §3 switch-channel reply. The stream URL is given only when the viewer may watch here
   * now (live-right.ts); the page reads the rest (status, allowWeb, YouTube, wordings) to say why not.
   */
  async switchChannel(
    viewer: Viewer | null,
    channelId: string,
    now: number,
    pageProtocol: string,
  ): Promise<SwitchChannelData> {
    const channel = await this.requireChannel(channelId, viewer);
    const today = taipeiMidnight(now);
    const [wordings, programmes, access, drawActivity, settings] = await Promise.all([
      channelWordings(this.db, channelId),
      programmesStarting(this.db, channelId, today, today + SCHEDULE_DAYS * DAY),
      liveAccess(this.db, channel, viewer, now, this.origin.canPlayOut(channel)),
      drawActivityFor(this.db, channelId, viewer, now),
      this.settings.lineup.current(),
    ]);
    const videoUrl = access.plays
      ? Buffer.from(
          liveStreamUrl(
            this.origin.masterPath(channelId),
            channel.name,
            pageProtocol,
            settings.hostRules,
          ),
        ).toString('base64')
      : '';
    const ads =
      access.plays && access.preRoll
        ? liveAdFields({ channelId, playRightType: 'AVOD' })
        : { preVastUrl: '', vastSeqId: '', preRoll: 'N' as const };
    return {
      videoUrl,
      maxBitrate: Number(channel.max_bitrate),
      channelBean: toChannelBean(channel, wordings, now),
      programSchedule: toProgramSchedule(programmes.filter((p) => withinAir(channel, p))),
      drawActivity,
      sponsorLogo: toSponsorLogo(channel),
      ...ads,
    };
  }

  /**
   * The Twitch player embed of a channel whose content comes from Twitch. Twitch plays only when
   * `parent` is the embedding page's host, so it is the host this call came to (the page's own:
   * the call is same-origin), not PUBLIC_URL's, which a visitor on 127.0.0.1 or another name does
   * not use (issue 20 item 14); PUBLIC_URL's when the host is not a plain host name.
   */
  async twitchContent(channelId: string, viewer: Viewer | null, pageHost?: string) {
    const channel = await this.requireChannel(channelId, viewer);
    const login = safeTwitchLogin(channel);
    if (!login) throw notFound('這個頻道不是 Twitch 頻道。');
    const parent =
      pageHost && /^[A-Za-z0-9.-]{1,253}$/.test(pageHost)
        ? pageHost.toLowerCase()
        : new URL(this.settings.publicUrl).hostname;
    const query = new URLSearchParams({ channel: login, parent, autoplay: 'true' });
    return {
      channelId,
      twitchChannel: login,
      embedUrl: `https://player.twitch.tv/?${query.toString()}`,
    };
  }
}
