/**
 * SRT → WebVTT for uploaded subtitles (pure). Small enough to own rather than take a library:
 * SRT has one shape (index, `00:00:01,000 --> 00:00:02,500`, text, blank line), and the player
 * needs only plain WebVTT. With fMP4 segments a plain VTT file is timed right, no
 * X-TIMESTAMP-MAP (notes/MEDIA.md). Throws `SubtitleError` on anything that is not SRT, so the
 * upload is refused with a reason rather than played with silent gaps.
 */
export class SubtitleError extends Error {
  override name = 'SubtitleError';
}

const TIMING =
  /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})\s*-->\s*(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})(?:\s+.*)?$/;

function stamp(h: string, m: string, s: string, ms: string): { text: string; value: number } {
  const millis = ms.padEnd(3, '0');
  const value = ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(millis);
  return { text: `${h.padStart(2, '0')}:${m}:${s}.${millis}`, value };
}

/** Cue text: SRT's <b>/<i>/<u> are WebVTT tags too; `-->` may not appear in VTT cue text. */
function cueText(lines: string[]): string[] {
  return lines.map((line) => line.replaceAll('-->', '→').replace(/\{\\[^}]*\}/g, ''));
}

export function srtToVtt(srt: string): string {
  const text = srt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const blocks = text
    .split(/\n{2,}/)
    .map((b) => b.split('\n').filter((line, i, all) => line.trim() !== '' || i < all.length - 1))
    .filter((b) => b.some((line) => line.trim() !== ''));
  if (blocks.length === 0) throw new SubtitleError('no cues');
  const cues: string[] = [];
  for (const block of blocks) {
    let lines = block;
    if (/^\d+\s*$/.test(lines[0]!)) lines = lines.slice(1);
    const timing = TIMING.exec(lines[0]?.trim() ?? '');
    if (!timing) throw new SubtitleError(`no timing line in cue ${cues.length + 1}`);
    const [, h1, m1, s1, f1, h2, m2, s2, f2] = timing as unknown as string[];
    const start = stamp(h1!, m1!, s1!, f1!);
    const end = stamp(h2!, m2!, s2!, f2!);
    if (end.value < start.value)
      throw new SubtitleError(`cue ${cues.length + 1} ends before it starts`);
    const body = cueText(lines.slice(1));
    cues.push([`${start.text} --> ${end.text}`, ...body].join('\n'));
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
