import type { FastifyRequest } from 'fastify';

/**
 * Whether a log beacon comes from one of our own pages. navigator.sendBeacon cannot set the CSRF
 * header, so the log face decides on what the browser itself says: Sec-Fetch-Site (every current
 * browser) must be same-origin, and an Origin header, when sent, must be ours. A request with
 * neither comes from no browser (a script or an app), has no ambient cookie to abuse, and is
 * left to the rate limit (docs/adr/0024-player.md).
 */
export function isSameOriginBeacon(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

export interface RateLimitOptions {
  /** Entries per client address per window. */
  limit: number;
  windowSeconds: number;
  /** Addresses tracked per window at most; past it new addresses wait for the next window. */
  maxClients: number;
}

/**
 * A fixed-window counter per client address, in this process's memory: a log write must not
 * cost a database write to decide whether to take it. With several instances each counts its
 * own share, so the effective limit is `limit` × instances (ADR 0024). The whole table is
 * dropped when a window ends, so memory stays bounded by `maxClients`.
 */
export class ClientRateLimiter {
  #windowStart = -1;
  #hits = new Map<string, number>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number,
  ) {}

  /** Counts one request from `client`; false when it is over the limit. */
  hit(client: string): boolean {
    const now = this.clock();
    const windowStart = now - (now % this.options.windowSeconds);
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#hits = new Map();
    }
    const hits = this.#hits.get(client);
    if (hits === undefined && this.#hits.size >= this.options.maxClients) return false;
    const next = (hits ?? 0) + 1;
    this.#hits.set(client, next);
    return next <= this.options.limit;
  }

  /** Seconds until the window ends (the Retry-After of a refusal). */
  secondsLeft(): number {
    return Math.max(1, this.#windowStart + this.options.windowSeconds - this.clock());
  }
}
