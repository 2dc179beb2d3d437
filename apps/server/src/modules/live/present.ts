import {
  channelStatusWording,
  uiWordingIds,
  type ChannelBean,
  type ChannelV2,
  type PlayRightType,
  type ProgramSchedule,
  type SponsorLogo,
  type UiWordingId,
} from '@site/contract';
import { mediaUrl } from '../media/urls.js';
import {
  channelContentId,
  channelStatus,
  contentSource,
  isUiWordingId,
  safeYoutubeId,
} from './channel-rules.js';
import type { ChannelRow, ProgrammeRow } from './queries.js';
import { taipeiParts, taipeiWeekday } from '../../taipei-time.js';

const yn = (value: string): 'Y' | 'N' => (value === 'Y' ? 'Y' : 'N');

export function toChannelV2(row: ChannelRow, now: number): ChannelV2 {
  const status = channelStatus(row, now);
  return {
    channelId: row.channel_id,
    channelStatus: status,
    channelStatusDesc: channelStatusWording[status],
    channelPic: mediaUrl(row.pic_path),
    channelName: row.name,
    channelDesc: row.description,
    openSimplePlayPage: yn(row.open_simple_play_page),
  };
}

/** SPEC §3 channelBean. */
export function toChannelBean(
  row: ChannelRow,
  wordings: { wording_id: string; wording: string }[],
  now: number,
): ChannelBean {
  const status = channelStatus(row, now);
  const youtubeId = safeYoutubeId(row);
  const order = (id: string) => uiWordingIds.indexOf(id as UiWordingId);
  return {
    channelId: row.channel_id,
    channelName: row.name,
    channelType: row.channel_type === '1' ? '1' : '0',
    channelStatus: status,
    channelStatusDesc: channelStatusWording[status],
    allowWeb: yn(row.allow_web),
    // A YouTube channel whose id is not one cannot open the pop-up: it shows as unavailable.
    isYoutube: youtubeId ? 'Y' : 'N',
    youtubeId,
    channelPic: mediaUrl(row.pic_path),
    contentId: channelContentId(row),
    contentSourceId: contentSource(row),
    playRightType: row.play_right_type as PlayRightType,
    openSimplePlayPage: yn(row.open_simple_play_page),
    uiWordingList: wordings
      .filter((w) => isUiWordingId(w.wording_id))
      .sort((a, b) => order(a.wording_id) - order(b.wording_id))
      .map((w) => ({ id: w.wording_id as UiWordingId, wording: w.wording })),
    // Before its air window the viewer is told when it opens, not only 敬請期待.
    ...(status === '0' && row.air_start_at !== null
      ? { airStartAt: new Date(Number(row.air_start_at) * 1000).toISOString() }
      : {}),
  };
}

export function toSponsorLogo(row: ChannelRow): SponsorLogo {
  const position = row.sponsor_logo_position === 'L' ? 'L' : 'UR';
  // Switched off in the console, the logo is kept but not shown (docs/adr/0047).
  return row.sponsor_logo_path && Number(row.sponsor_logo_shown) !== 0
    ? { showLogo: 'Y', logoUrl: mediaUrl(row.sponsor_logo_path), position }
    : { showLogo: 'N', logoUrl: '', position };
}

/**
 * SPEC §3 programSchedule: the programmes keyed by the Taipei date they start on, each date with
 * its weekday and its list of start times ('HH:mm', Taipei) and names, in time order.
 */
export function toProgramSchedule(
  programmes: Pick<ProgrammeRow, 'start_at' | 'name'>[],
): ProgramSchedule {
  const schedule: ProgramSchedule = {};
  for (const p of programmes) {
    const start = Number(p.start_at);
    const { date, time } = taipeiParts(start);
    const day = (schedule[date] ??= { week: taipeiWeekday(start), programList: [] });
    day.programList.push({ startTime: time, programName: p.name });
  }
  return schedule;
}
