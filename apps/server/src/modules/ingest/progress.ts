/**
 * Reads ffmpeg's `-progress pipe:1` output (key=value lines, a block ending in `progress=…`)
 * into a fraction of the source's duration, `out_time_us ÷ duration`. Fed chunks as they come
 * (a line may be split between chunks); reports at most once per block, never going backwards.
 */
export class ProgressParser {
  private rest = '';
  private outTimeUs = 0;
  private last = 0;

  constructor(
    private readonly durationSeconds: number,
    private readonly report: (fraction: number) => void,
  ) {}

  push(chunk: string): void {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      if (key === 'out_time_us' || key === 'out_time_ms') {
        // ffmpeg 5 writes microseconds under both names; "N/A" before the first frame.
        const n = Number(value);
        if (Number.isFinite(n) && n >= 0) this.outTimeUs = n;
      } else if (key === 'progress') {
        const fraction =
          value === 'end'
            ? 1
            : Math.min(1, Math.max(0, this.outTimeUs / 1e6 / this.durationSeconds));
        if (fraction > this.last || (value === 'end' && this.last < 1)) {
          this.last = fraction;
          this.report(fraction);
        }
      }
    }
  }
}
