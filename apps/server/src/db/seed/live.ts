import type { Insertable } from 'kysely';
import { DAY_SECONDS, startOfTaipeiDay } from '../../time.js';
import type {
  ChannelGroupMemberTable,
  ChannelGroupTable,
  ChannelTable,
  ProgrammeTable,
} from '../schema.js';

/** Demo live channels: one of each case the live page must handle (issue 2, "Live"). */
export const channelGroups: Insertable<ChannelGroupTable>[] = [
  { channel_group_id: 'news', title: 'NEWS', sort_order: 1 },
  { channel_group_id: 'entertainment', title: '綜合娛樂', sort_order: 2 },
  { channel_group_id: 'movies', title: '電影戲劇', sort_order: 3 },
  { channel_group_id: 'kids-sports', title: '兒童與體育', sort_order: 4 },
];

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
  status: '1',
  channel_type: '0',
  allow_web: 'Y',
  is_youtube: 'N',
  youtube_id: null,
  open_simple_play_page: 'N',
  play_right_type: 'FREE',
  clip_id: ['clip-a', 'clip-b', 'clip-c'][n % 3]!,
  sort_order: n,
  groups,
  theme,
  ...extra,
});

const channelSeeds: ChannelSeed[] = [
  channel(1, '星河新聞台', '二十四小時即時新聞，掌握國內外大事。', ['news'], news),
  channel(2, '財經新聞台', '股市、匯率與產業動態，每日盤前盤後分析。', ['news'], news, {
    play_right_type: 'AVOD',
  }),
  channel(3, '國際新聞台', '來自世界各地的第一手報導（本頻道僅限行動裝置觀看）。', ['news'], news, {
    allow_web: 'N',
  }),
  channel(4, '星河綜合台', '綜藝、美食與旅遊節目，陪你度過輕鬆時光。', ['entertainment'], variety),
  channel(5, '歡樂綜藝台', '經典綜藝節目重播與全新企劃。', ['entertainment'], variety, {
    open_simple_play_page: 'Y',
  }),
  channel(6, '網路直播台', '在影音平台上同步播出的網路節目。', ['entertainment'], variety, {
    is_youtube: 'Y',
    youtube_id: 'M7lc1UVf-VE',
    clip_id: null,
  }),
  channel(7, '星河電影台', '院線強片與經典電影全天候播映。', ['movies'], movies),
  channel(8, '尊榮影劇台', '尊榮會員專屬的首播影集與電影。', ['movies'], movies, {
    play_right_type: 'SVOD',
  }),
  channel(9, '跨年演唱會特別台', '跨年演唱會即將登場，敬請期待。', ['entertainment'], variety, {
    status: '0',
  }),
  channel(10, '奧運特別台', '賽事轉播已結束，感謝您的收看。', ['kids-sports'], sports, {
    status: '9',
  }),
  channel(11, '兒童卡通台', '適合全家觀賞的卡通與兒童節目。', ['kids-sports'], kids),
  channel(12, '體育直播台', '棒球、籃球與各式運動賽事直播。', ['kids-sports', 'news'], sports),
];

export const channels: Insertable<ChannelTable>[] = channelSeeds.map(
  ({ groups: _groups, theme: _theme, ...row }) => row,
);

export const channelGroupMembers: Insertable<ChannelGroupMemberTable>[] = channelSeeds.flatMap(
  (c) =>
    c.groups.map((group) => ({
      channel_group_id: group,
      channel_id: c.channel_id,
      sort_order: c.sort_order ?? 0,
    })),
);

/** Programme lengths cycle through these (minutes), so each channel's grid looks different. */
const lengths = [60, 30, 90, 60, 120, 30] as const;

/**
 * Schedules from yesterday to seven days ahead (Taipei days), laid end to end from midnight.
 * Deterministic from (channel, day), so re-running the seed inserts only the days it lacks.
 */
export function demoProgrammes(now: number, daysAhead = 7): Insertable<ProgrammeTable>[] {
  const first = startOfTaipeiDay(now) - DAY_SECONDS;
  const rows: Insertable<ProgrammeTable>[] = [];
  channelSeeds.forEach((c, ci) => {
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
        });
        start = end;
        k += 1;
      }
    }
  });
  return rows;
}
