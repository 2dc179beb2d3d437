import { AppError } from '../http/errors.js';

export interface RateLimitOptions {
  /** Requests per client per window. */
  limit: number;
  windowSeconds: number;
  /** Clients tracked per window at most; past it new clients wait for the next window. */
  maxClients: number;
}

/**
 * The site's one request-rate limiter (issue 21): a fixed-window counter per client (an address,
 * an account), in this process's memory, so a log beacon, an ad pixel or a draw costs no database
 * write to decide whether to take it. With several instances each counts its own share, so the
 * effective limit is `limit` × instances (ADR 0024; issue 27 shares the count through Redis).
 * The whole table is dropped when a window ends, so memory stays bounded by `maxClients`.
 * Guesses of a secret (passwords, PINs, serials) are throttled as failures instead
 * (accounts/throttle.ts), and sign-up/login attempts per IP in the database (accounts/rate-limit.ts).
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

  /** A 429 TOO_MANY_REQUESTS for a client over the limit, to try again when the window ends. */
  refusal(): AppError {
    return new AppError('TOO_MANY_REQUESTS', undefined, undefined, this.secondsLeft());
  }

  /** Seconds until the window ends (the Retry-After of a refusal). */
  secondsLeft(): number {
    return Math.max(1, this.#windowStart + this.options.windowSeconds - this.clock());
  }
}
