/**
 * A light per-IP limit for the ad routes (docs/adr/0022): fixed one-minute windows counted in
 * this process's memory, so a tracking pixel costs no extra database write. Each instance
 * counts its own share; that is enough to stop one client flooding the event table.
 */
export class IpLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowSeconds = 60,
  ) {}

  /** True when this hit is within the limit. */
  hit(ip: string, now: number): boolean {
    const start = now - (now % this.windowSeconds);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
    const n = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, n);
    return n <= this.limit;
  }
}
