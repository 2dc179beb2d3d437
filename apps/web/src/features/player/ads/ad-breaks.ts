import { adCalls } from '@site/contract';

/**
 * Mid-roll breaks of a live stream (issue 28 item 6; docs/adr/0022, amendment on mid-roll
 * breaks). The live origin marks each break of an ad-supported channel with
 * `#EXT-X-DATERANGE:…,CLASS="com.starvideo.ad-break",START-DATE=…,PLANNED-DURATION=30.000,
 * X-AD-TAG="/ads/vast?slot=midroll&channelId=…"`; hls.js hands the date ranges over with each
 * playlist refresh, and the break is due when the playhead's wall-clock time crosses its start.
 */
export const AD_BREAK_CLASS = 'com.starvideo.ad-break';

export interface AdBreakCue {
  id: string;
  /** START-DATE, Unix milliseconds. */
  startMs: number;
  /** PLANNED-DURATION (or DURATION), milliseconds; 30 s when neither is given. */
  durationMs: number;
  /** The ad tag to fetch: a site path of our own ad service. */
  tag: string;
}

/** What hls.js's DateRange offers that we read (a structural type, so tests need no hls.js). */
export interface DateRangeLike {
  id: string;
  class: string;
  startDate: Date;
  duration: number | null;
  plannedDuration: number | null;
  attr: Record<string, unknown>;
}

const DEFAULT_BREAK_MS = 30_000;

/**
 * The ad tag of a break as our player fetches it: X-AD-TAG resolved as an HLS client does,
 * against the playlist's URL, and kept only when it names our ad service (path /ads/vast) on the
 * page's origin or on the playlist's (the origin writes it origin-relative). It is fetched as a
 * site path, on the page's origin: a stream host rewritten by LIVE_STREAM_HOST_RULES is a CDN
 * in front of the site, never the ad server, and the ad cookie and the CSP are the page's.
 * Anything else (another host, another path, javascript:) is no break at all.
 */
export function adTagOfBreak(raw: string, playlistUrl: string, pageOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), new URL(playlistUrl, pageOrigin));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const playlistOrigin = new URL(playlistUrl, pageOrigin).origin;
  if (url.origin !== pageOrigin && url.origin !== playlistOrigin) return null;
  if (url.pathname !== adCalls.vast || url.searchParams.get('slot') !== 'midroll') return null;
  return url.pathname + url.search;
}

/** A date range that is one of our ad breaks, as a cue; null for any other date range. */
export function adBreakOf(
  range: DateRangeLike,
  playlistUrl: string,
  pageOrigin: string,
): AdBreakCue | null {
  if (range.class !== AD_BREAK_CLASS) return null;
  const raw = range.attr['X-AD-TAG'];
  if (typeof raw !== 'string') return null;
  const tag = adTagOfBreak(raw, playlistUrl, pageOrigin);
  const startMs = range.startDate.getTime();
  if (!tag || !Number.isFinite(startMs)) return null;
  const seconds = range.duration ?? range.plannedDuration;
  const durationMs =
    seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_BREAK_MS;
  return { id: range.id, startMs, durationMs, tag };
}

/**
 * The break the playhead has just reached: its start lies after the previous sample and at or
 * before this one, and the break is not over yet. The first sample (`before` null) reaches
 * nothing: a viewer who tunes in during a break has just had the pre-roll. A break is due once
 * (`done`), however the playhead moves about afterwards.
 */
export function dueBreak(
  cues: Iterable<AdBreakCue>,
  before: number | null,
  now: number,
  done: ReadonlySet<string>,
): AdBreakCue | null {
  if (before === null || now <= before) return null;
  for (const cue of cues) {
    if (done.has(cue.id)) continue;
    if (before < cue.startMs && cue.startMs <= now && now < cue.startMs + cue.durationMs) {
      return cue;
    }
  }
  return null;
}

/** Watches a stream's ad breaks; `sample` is called with the playhead's wall-clock time. */
export class AdBreakWatcher {
  private readonly cues = new Map<string, AdBreakCue>();
  private readonly done = new Set<string>();
  private before: number | null = null;

  constructor(private readonly pageOrigin: string) {}

  /** The date ranges of a refreshed playlist (hls.js LEVEL_UPDATED's details.dateRanges). */
  update(ranges: Record<string, DateRangeLike | undefined>, playlistUrl: string): void {
    for (const range of Object.values(ranges)) {
      if (!range) continue;
      const cue = adBreakOf(range, playlistUrl, this.pageOrigin);
      if (cue) this.cues.set(cue.id, cue);
    }
    // Breaks long past are forgotten (a channel may play for hours); which were played is kept,
    // so a break an EVENT playlist still lists is not played again after a seek back (issue 24).
    if (this.before !== null) {
      for (const [id, cue] of this.cues) {
        if (cue.startMs + cue.durationMs < this.before - 60_000) this.cues.delete(id);
      }
    }
  }

  /** The break reached by this sample, if any (then marked done). */
  sample(playingMs: number | null): AdBreakCue | null {
    if (playingMs === null || !Number.isFinite(playingMs)) return null;
    const due = dueBreak(this.cues.values(), this.before, playingMs, this.done);
    this.before = playingMs;
    if (due) this.done.add(due.id);
    return due;
  }
}
