/** What the quality menu needs of a rendition (hls.js Level: height and BANDWIDTH). */
export interface Rendition {
  height: number;
  bitrate: number;
}

export interface QualityOption {
  /** Index into the renditions as the manifest listed them. */
  index: number;
  label: string;
  bitrate: number;
  /** Above the cap (SPEC §5): listed, never chosen. */
  disabled: boolean;
}

/** Auto (adaptive) in hls.js terms. */
export const AUTO_QUALITY = -1;

/**
 * Indices of the renditions allowed under `maxBitrate` (bits per second, as BANDWIDTH). When
 * every rendition is above the cap the lowest still plays: a capped stream beats no stream.
 */
export function allowedRenditions(renditions: Rendition[], maxBitrate?: number): Set<number> {
  const all = renditions.map((_, i) => i);
  if (maxBitrate === undefined) return new Set(all);
  const under = all.filter((i) => renditions[i]!.bitrate <= maxBitrate);
  if (under.length > 0) return new Set(under);
  const lowest = all.reduce(
    (best, i) => (renditions[i]!.bitrate < renditions[best]!.bitrate ? i : best),
    0,
  );
  return new Set(renditions.length > 0 ? [lowest] : []);
}

/** The quality menu's renditions, best first, labelled by height (or kbps without one). */
export function qualityOptions(renditions: Rendition[], maxBitrate?: number): QualityOption[] {
  const allowed = allowedRenditions(renditions, maxBitrate);
  return renditions
    .map((r, index) => ({
      index,
      label: r.height > 0 ? `${r.height}p` : `${Math.round(r.bitrate / 1000)} kbps`,
      bitrate: r.bitrate,
      disabled: !allowed.has(index),
    }))
    .sort((a, b) => b.bitrate - a.bitrate || a.index - b.index);
}

/**
 * SPEC §5 "Stream URLs are upgraded or downgraded to match the page protocol": an absolute
 * http(s) URL takes the page's scheme; relative URLs already follow the page.
 */
export function matchPageProtocol(url: string, pageProtocol: string): string {
  if (pageProtocol !== 'http:' && pageProtocol !== 'https:') return url;
  return url.replace(/^https?:(?=\/\/)/i, pageProtocol);
}
