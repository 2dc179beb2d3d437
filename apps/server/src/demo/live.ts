import type { Insertable } from 'kysely';
import { channelProblems } from '../modules/live/channel-rules.js';
import { taipeiMidnight } from '../taipei-time.js';
import type { ChannelWordingTable } from '../db/schema-live.js';
import type {
  ChannelGroupMemberTable,
  ChannelGroupTable,
  ChannelTable,
  ProgrammeTable,
} from '../db/schema.js';
import { DEMO_SERVICE_ID } from './vouchers.js';

const DAY_SECONDS = 86_400;
/** 8 Mb/s: above every demo rendition, so only a channel that sets a lower cap loses one. */
const DEFAULT_MAX_BITRATE = 8_000_000;

/** Demo live channels: one of each case the live page must handle (issue 2, "Live"). */
export const channelGroups: Insertable<ChannelGroupTable>[] = [
  { channel_group_id: 'news', title: 'NEWS', sort_order: 1 },
  { channel_group_id: 'entertainment', title: '綜合娛樂', sort_order: 2 },
  { channel_group_id: 'movies', title: '電影戲劇', sort_order: 3 },
  { channel_group_id: 'kids-sports', title: '兒童與體育', sort_order: 4 },
];

/**
 * Start over and catch-up (docs/adr/0043): these channels keep 72 hours; ch05 (歡樂綜藝台) keeps
 * none, the channel without catch-up rights; the external (ch04, ch06) and off-air (ch09, ch10)
 * channels none either. ch03 (allowWeb N) has a window its right still refuses on the web.
 */
export const DEMO_CATCHUP_CHANNEL_IDS = ['ch01', 'ch02', 'ch03', 'ch07', 'ch08', 'ch11', 'ch12'];
export const DEMO_CATCHUP_HOURS = 72;
/** ch12's baseball is blacked out (no catch-up rights), as `<category>no-catchup</category>` would. */
export const DEMO_BLACKOUT = { channelId: 'ch12', name: '棒球直播' } as const;

type ChannelSeed = Insertable<ChannelTable> & { groups: string[]; theme: readonly string[] };

const news = ['整點新聞', '財經週報', '國際焦點', '氣象報告', '新聞深度解析', '地方新聞'] as const;
const variety = ['週末綜藝秀', '美食大冒險', '歌唱擂台', '旅行日記', '生活智慧王'] as const;
const movies = ['午夜電影院', '經典重播', '影集連播', '導演講堂', '首播強檔'] as const;
const kids = ['卡通時間', '科學小實驗', '說故事時間', '動物好朋友'] as const;
const sports = ['棒球直播', '籃球精華', '運動新聞', '馬拉松特輯'] as const;

const channel = (
  n: number,
  name: string,
  description: string,
  groups: string[],
  theme: readonly string[],
  extra: Partial<Insertable<ChannelTable>> = {},
): ChannelSeed => ({
  channel_id: `ch${String(n).padStart(2, '0')}`,
  name,
  description,
  pic_path: `images/channels/channel-${String(n).padStart(2, '0')}.jpg`,
  channel_type: '0',
  allow_web: 'Y',
  is_youtube: 'N',
  youtube_id: null,
  open_simple_play_page: 'N',
  play_right_type: 'FREE',
  clip_id: ['clip-a', 'clip-b', 'clip-c'][n % 3]!,
  sort_order: n,
  content_id: `LIVE-ch${String(n).padStart(2, '0')}`,
  // Every column, so that a multi-row insert never leaves one to NULL instead of its default.
  air_start_at: null,
  air_end_at: null,
  max_bitrate: DEFAULT_MAX_BITRATE,
  twitch_login: null,
  service_id: null,
  sponsor_logo_path: null,
  sponsor_logo_position: 'UR',
  playout_clip_ids: '',
  kid_safe: 0,
  catchup_hours: DEMO_CATCHUP_CHANNEL_IDS.includes(`ch${String(n).padStart(2, '0')}`)
    ? DEMO_CATCHUP_HOURS
    : 0,
  groups,
  theme,
  ...extra,
});

/**
 * One channel of each case the live page handles (issue 13 item 1). The air windows are fixed
 * when the channels are first seeded (a re-seed keeps the rows): the New Year's Eve channel goes
 * on air ten days later at 20:00 Taipei, the Olympics channel ended at the Taipei midnight
 * before; the others have no window, so they are always on air.
 */
function channelSeeds(now: number): ChannelSeed[] {
  const today = taipeiMidnight(now);
  return [
    channel(1, '星河新聞台', '二十四小時即時新聞，掌握國內外大事。', ['news'], news, {
      sponsor_logo_path: 'images/sponsors/sponsor-01.svg',
      sponsor_logo_position: 'UR',
    }),
    channel(2, '財經新聞台', '股市、匯率與產業動態，每日盤前盤後分析。', ['news'], news, {
      play_right_type: 'AVOD',
    }),
    channel(
      3,
      '國際新聞台',
      '來自世界各地的第一手報導（本頻道僅限行動裝置觀看）。',
      ['news'],
      news,
      { allow_web: 'N' },
    ),
    channel(4, '電競直播台', '在 Twitch 上同步播出的電競賽事與實況。', ['entertainment'], variety, {
      twitch_login: 'starvideo_esports',
      clip_id: null,
    }),
    channel(5, '歡樂綜藝台', '經典綜藝節目重播與全新企劃。', ['entertainment'], variety, {
      open_simple_play_page: 'Y',
      play_right_type: 'AVOD',
    }),
    channel(6, '網路直播台', '在影音平台上同步播出的網路節目。', ['entertainment'], variety, {
      is_youtube: 'Y',
      youtube_id: 'M7lc1UVf-VE',
      clip_id: null,
    }),
    channel(7, '星河電影台', '院線強片與經典電影全天候播映。', ['movies'], movies, {
      playout_clip_ids: 'clip-b,clip-c',
      sponsor_logo_path: 'images/sponsors/sponsor-02.svg',
      sponsor_logo_position: 'L',
    }),
    channel(8, '尊榮影劇台', '尊榮會員專屬的首播影集與電影。', ['movies'], movies, {
      play_right_type: 'SVOD',
      service_id: DEMO_SERVICE_ID,
    }),
    channel(9, '跨年演唱會特別台', '跨年演唱會即將登場，敬請期待。', ['entertainment'], variety, {
      air_start_at: today + 10 * DAY_SECONDS + 20 * 3600,
    }),
    channel(10, '奧運特別台', '賽事轉播已結束，感謝您的收看。', ['kids-sports'], sports, {
      air_start_at: today - 30 * DAY_SECONDS,
      air_end_at: today,
      kid_safe: 1,
    }),
    channel(11, '兒童卡通台', '適合全家觀賞的卡通與兒童節目。', ['kids-sports'], kids, {
      max_bitrate: 1_000_000,
      kid_safe: 1,
    }),
    channel(12, '體育直播台', '棒球、籃球與各式運動賽事直播。', ['kids-sports', 'news'], sports, {
      sponsor_logo_path: 'images/sponsors/sponsor-03.svg',
      sponsor_logo_position: 'UR',
    }),
  ];
}

/** The demo channels a kid sees on the live page (docs/adr/0028): cartoons and the Olympics. */
export const DEMO_KID_CHANNEL_IDS = ['ch10', 'ch11'];

/** A demo channel that breaks the rules (a YouTube id holding markup, say) stops the seed. */
export function checkedChannel(row: Insertable<ChannelTable>): Insertable<ChannelTable> {
  const problems = channelProblems(row);
  if (problems.length > 0) throw new Error(`channel ${row.channel_id}: ${problems.join('; ')}`);
  return row;
}

/** The demo channels as of `now` (their air windows are relative to the first seeding). */
export function demoChannels(now: number): Insertable<ChannelTable>[] {
  return channelSeeds(now).map(({ groups: _groups, theme: _theme, ...row }) => checkedChannel(row));
}

export const channelGroupMembers: Insertable<ChannelGroupMemberTable>[] = channelSeeds(0).flatMap(
  (c) =>
    c.groups.map((group) => ({
      channel_group_id: group,
      channel_id: c.channel_id,
      sort_order: c.sort_order ?? 0,
    })),
);

/** The subscription modal's four wordings (SPEC §5) on the SVOD channel. */
export const channelWordings: Insertable<ChannelWordingTable>[] = [
  {
    channel_id: 'ch08',
    wording_id: 'CHANNEL_FOR_LUXURY_SERVICE',
    wording: '本頻道為「星河暢看月租」訂戶專屬頻道，訂閱後即可收看。',
  },
  { channel_id: 'ch08', wording_id: 'CHANNEL_TO_SUBSCRIBE', wording: '立即訂閱' },
  { channel_id: 'ch08', wording_id: 'CANCEL_SUBSCRIBE', wording: '取消' },
  {
    channel_id: 'ch08',
    wording_id: 'SUBSCRIBE_URL',
    wording: `/checkout?kind=subscribe&serviceId=${DEMO_SERVICE_ID}`,
  },
];

/** Programme lengths cycle through these (minutes), so each channel's grid looks different. */
const lengths = [60, 30, 90, 60, 120, 30] as const;

/**
 * Schedules from yesterday to seven days ahead (Taipei days), laid end to end from midnight.
 * Deterministic from (channel, day), so re-running the seed inserts only the days it lacks.
 */
export function demoProgrammes(now: number, daysAhead = 7): Insertable<ProgrammeTable>[] {
  const first = taipeiMidnight(now) - DAY_SECONDS;
  const rows: Insertable<ProgrammeTable>[] = [];
  channelSeeds(now).forEach((c, ci) => {
    for (let day = 0; day <= daysAhead + 1; day += 1) {
      const dayStart = first + day * DAY_SECONDS;
      const dayNumber = Math.floor(dayStart / DAY_SECONDS);
      let start = dayStart;
      let k = 0;
      while (start < dayStart + DAY_SECONDS) {
        const minutes = lengths[(ci + k + dayNumber) % lengths.length]!;
        const end = Math.min(start + minutes * 60, dayStart + DAY_SECONDS);
        const name = c.theme[(k + dayNumber + ci) % c.theme.length]!;
        rows.push({
          channel_id: c.channel_id!,
          start_at: start,
          end_at: end,
          name,
          description: `${c.name}：${name}`,
          catchup_blackout:
            c.channel_id === DEMO_BLACKOUT.channelId && name === DEMO_BLACKOUT.name ? 1 : 0,
        });
        start = end;
        k += 1;
      }
    }
  });
  return rows;
}
