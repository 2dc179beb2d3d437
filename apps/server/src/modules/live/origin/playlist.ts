import { LIVE_SEGMENT_SECONDS } from '@site/contract';
import { DEFAULT_AD_BREAKS, breakStartsAt } from './ad-plan.js';
import type { Asset, Rendition } from './assets.js';
import type { Timeline } from './timeline.js';

/** Segments in a live media playlist: 12 s, three times the 2 s target and then some (RFC 8216 §6.2.2). */
export const LIVE_WINDOW_SEGMENTS = 6;
/**
 * AVOD channels' default breaks (a channel's own plan is set in the console, docs/adr/0047): a
 * break opens every programme and recurs every 15 minutes inside it, each planned at 30 s (the
 * demo ad is 15 s; a second one may fill it).
 */
export const AD_BREAK_EVERY_SEGMENTS = DEFAULT_AD_BREAKS.every!;
export const AD_BREAK_SEGMENTS = DEFAULT_AD_BREAKS.length;

const iso = (segment: number) => new Date(segment * LIVE_SEGMENT_SECONDS * 1000).toISOString();

/** The variants a master playlist lists: those within the bitrate cap, at least the lowest. */
export function allowedVariants(assets: readonly Asset[], maxBitrate: number): number[] {
  const count = Math.min(...assets.map((a) => a.renditions.length));
  const bandwidth = (i: number) => Math.max(...assets.map((a) => a.renditions[i]!.bandwidth));
  const all = Array.from({ length: count }, (_, i) => i);
  const within = all.filter((i) => bandwidth(i) <= maxBitrate);
  if (within.length > 0) return within;
  return [all.reduce((best, i) => (bandwidth(i) < bandwidth(best) ? i : best), 0)];
}

/**
 * The master playlist: one variant per rendition within the channel's bitrate cap (SPEC §5; the
 * page disables the rest too), each the highest figure over the assets it plays in turn.
 */
export function renderMasterPlaylist(
  assets: readonly Asset[],
  variants: readonly number[],
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const i of variants) {
    const first = assets[0]!.renditions[i]!;
    const bandwidth = Math.max(...assets.map((a) => a.renditions[i]!.bandwidth));
    const average = Math.max(...assets.map((a) => a.renditions[i]!.averageBandwidth));
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${average},` +
        `RESOLUTION=${first.width}x${first.height},FRAME-RATE=${first.frameRate.toFixed(3)},` +
        `CODECS="${first.codecs}"`,
      `v${i}.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface MediaPlaylistInput {
  channelId: string;
  timeline: Timeline;
  assets: readonly Asset[];
  variant: number;
  /** First and last segment of the window (last < first: an empty window). */
  first: number;
  last: number;
  /** The channel's air has ended: nothing follows `last` (EXT-X-ENDLIST). */
  ended: boolean;
  /** The signed /stream/ prefix of a clip, ending in '/'. */
  clipPrefix: (clipId: string) => string;
  /** AVOD channels: the ad tag of a mid-programme break; null for no ad breaks. */
  adTag: string | null;
  /**
   * A programme's playlist (start over and catch-up, docs/adr/0043): EVENT while it grows to the
   * live edge, VOD once it has ended; none for the live window.
   */
  playlistType?: 'EVENT' | 'VOD';
}

/**
 * A segment as the origin serves it, relative to the media playlist (so under the same signed
 * /live/ prefix): `{clip}/{asset start, Unix seconds}/{rendition dir}/{file}`. The origin moves
 * the segment's decode times by the asset's start (docs/adr/0033), so media time is wall-clock
 * time and never restarts when a clip loops; the URI names everything its bytes depend on, so a
 * segment keeps its URI in every playlist and a cache may keep it for a day.
 */
export function liveSegmentUri(
  clipId: string,
  assetStartSegment: number,
  rendition: Pick<Rendition, 'dir' | 'segments'>,
  assetSegment: number,
): string {
  return `${clipId}/${assetStartSegment * LIVE_SEGMENT_SECONDS}/${rendition.dir}/${rendition.segments[assetSegment]}`;
}

/**
 * A live media playlist over a window of segments: the sequence numbers from elapsed time, a
 * discontinuity (with its init segment and the wall-clock time) wherever an asset starts, and an
 * EXT-X-DATERANGE where an ad break starts. A pure function of its input, so every instance
 * writes the same bytes.
 */
export function renderMediaPlaylist(input: MediaPlaylistInput): string {
  return (
    mediaPlaylistHeader(input) +
    mediaPlaylistSegments(input, input.first, input.last) +
    (input.ended ? '#EXT-X-ENDLIST\n' : '')
  );
}

/** The tags before the first segment (each line ending in a newline). */
export function mediaPlaylistHeader(input: MediaPlaylistInput): string {
  const { timeline, first, last } = input;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    ...(input.playlistType ? [`#EXT-X-PLAYLIST-TYPE:${input.playlistType}`] : []),
    `#EXT-X-MEDIA-SEQUENCE:${Math.max(first, 0)}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${last >= first ? timeline.discontinuitySequence(first) : 0}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The lines of segments `from`…`to` of the playlist starting at `input.first` (each ending in a
 * newline): a programme's EVENT playlist appends the segments aired since it was last written
 * instead of writing them all again (docs/adr/0043).
 */
export function mediaPlaylistSegments(input: MediaPlaylistInput, from: number, to: number): string {
  const { timeline, assets, variant, first } = input;
  let text = '';
  for (let segment = from; segment <= to; segment += 1) {
    const at = timeline.locate(segment);
    const asset = assets[at.asset]!;
    const rendition = asset.renditions[variant]!;
    if (segment === first || at.tagged) {
      const prefix = input.clipPrefix(asset.clipId) + rendition.dir + '/';
      if (segment !== first) text += '#EXT-X-DISCONTINUITY\n';
      text += `#EXT-X-MAP:URI="${prefix}${rendition.init}"\n`;
      text += `#EXT-X-PROGRAM-DATE-TIME:${iso(segment)}\n`;
    }
    // The programme's own breaks (the plan it started under), so live and catch-up agree.
    const ads = at.block.ads;
    if (
      input.adTag !== null &&
      ads !== null &&
      breakStartsAt(ads, at.offset) &&
      at.offset + ads.length <= at.block.end - at.block.start
    ) {
      text +=
        `#EXT-X-DATERANGE:ID="ad-${input.channelId}-${segment}",CLASS="com.starvideo.ad-break",` +
        `START-DATE="${iso(segment)}",` +
        `PLANNED-DURATION=${(ads.length * LIVE_SEGMENT_SECONDS).toFixed(3)},` +
        `X-AD-TAG="${input.adTag}"\n`;
    }
    text += `#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},\n`;
    text += liveSegmentUri(asset.clipId, segment - at.assetSegment, rendition, at.assetSegment);
    text += '\n';
  }
  return text;
}
