/**
 * The anonymous watching limit (SPEC §6): a visitor watches for the minutes of
 * Live_Minutes_Wording × 60 s of playing time, then the player pauses and a prompt offers login.
 * Time counts only while the video plays; the limit is the page's (the server does not count it,
 * docs/adr/0025).
 */
export class WatchLimit {
  private remainingMs: number;
  private startedAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reached = false;

  constructor(
    seconds: number,
    private readonly onReached: () => void,
  ) {
    this.remainingMs = seconds * 1000;
  }

  get isReached(): boolean {
    return this.reached;
  }

  /** The video started or went on playing. */
  playing(): void {
    if (this.reached || this.startedAt !== undefined) return;
    this.startedAt = Date.now();
    this.timer = setTimeout(() => this.reach(), Math.max(0, this.remainingMs));
  }

  /** The video paused, stalled on an error, or went away. */
  stopped(): void {
    if (this.startedAt === undefined) return;
    this.remainingMs -= Date.now() - this.startedAt;
    this.startedAt = undefined;
    clearTimeout(this.timer);
  }

  dispose(): void {
    this.stopped();
  }

  private reach(): void {
    this.startedAt = undefined;
    this.remainingMs = 0;
    this.reached = true;
    this.onReached();
  }
}
