/**
 * The rendition ladder of a transcode, from the source's size alone (pure, unit-tested).
 *
 * Rungs are the site's 16:9 sizes; a source gets every rung no taller than itself (never
 * upscaled: an upscaled rung costs bits and shows nothing more), and always at least one rung, at
 * its own height for a source below 360p. Widths follow the source's shape (even numbers, as
 * H.264 with 4:2:0 needs), and a rung narrower or wider than 16:9 gets a bit rate in proportion
 * to its pixels. The demo clips use the 360p and 720p rungs at lower rates (ADR 0004); these are
 * rates for real films.
 */
export interface Rung {
  name: string;
  width: number;
  height: number;
  /** Video bit rate, kbit/s (the encoder's target; maxrate is 1.1×, buffer 2×). */
  videoKbps: number;
  audioKbps: number;
}

const RUNGS = [
  { height: 360, videoKbps: 800 },
  { height: 540, videoKbps: 1800 },
  { height: 720, videoKbps: 2800 },
  { height: 1080, videoKbps: 5000 },
] as const;

const AUDIO_KBPS = 128;
const MIN_VIDEO_KBPS = 100;

/** Rounded down to even: H.264 4:2:0 needs even sizes, and rounding up would upscale. */
const even = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

export function ladderFor(source: { width: number; height: number }): Rung[] {
  const { width, height } = source;
  if (!(width > 0 && height > 0)) throw new Error(`no ladder for a ${width}x${height} source`);
  const make = (h: number, baseKbps: number, baseHeight: number): Rung => {
    const w = even((h * width) / height);
    const pixels16x9 = ((baseHeight * 16) / 9) * baseHeight;
    const kbps = Math.round((baseKbps * (w * h)) / pixels16x9);
    return {
      name: `${h}p`,
      width: w,
      height: h,
      videoKbps: Math.max(MIN_VIDEO_KBPS, Math.min(baseKbps, kbps)),
      audioKbps: AUDIO_KBPS,
    };
  };
  const fitting = RUNGS.filter((r) => r.height <= height);
  if (fitting.length === 0) {
    // Below 360p: one rung at the source's own height (even, rounded down).
    const h = even(height);
    return [make(h, RUNGS[0].videoKbps, RUNGS[0].height)];
  }
  return fitting.map((r) => make(r.height, r.videoKbps, r.height));
}
