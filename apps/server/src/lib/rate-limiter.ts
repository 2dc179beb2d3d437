import type { Redis } from 'ioredis';
import { AppError } from '../http/errors.js';
import type { SharedRedis } from './redis.js';

export interface RateLimitOptions {
  /** Requests per client per window. */
  limit: number;
  windowSeconds: number;
  /** Clients tracked per window at most; past it new clients wait for the next window. */
  maxClients: number;
}

/**
 * Adds one to a key and answers the new count, the key living one window: INCR and EXPIRE as
 * one atomic step, so every instance counts against the same budget (docs/adr/0056).
 */
const COUNT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

type CountingRedis = Redis & {
  siteCount(key: string, seconds: number): Promise<number>;
};

/** The shared store of every limiter: counts in Redis, under `{prefix}rl:{limiter}:…`. */
export class SharedCounts {
  readonly #redis: CountingRedis;

  constructor(private readonly shared: SharedRedis) {
    const redis = shared.commands as CountingRedis;
    if (typeof redis.siteCount !== 'function') {
      redis.defineCommand('siteCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    }
    this.#redis = redis;
  }

  /** False while Redis is away: the limiter counts in this process until it is back. */
  get ready(): boolean {
    return this.#redis.status === 'ready';
  }

  count(limiter: string, windowStart: number, client: string, seconds: number): Promise<number> {
    // The window's start in the key: a window's count never leaks into the next one, and the
    // key expires (a few seconds late does no harm) once its window is over.
    const key = `${this.shared.prefix}rl:${limiter}:${windowStart}:${client}`;
    return this.#redis.siteCount(key, seconds + 5);
  }
}

/**
 * The site's one request-rate limiter (issue 21): a fixed-window counter per client (an address,
 * an account), so a log beacon, an ad pixel or a draw costs no database write to decide whether
 * to take it. With Redis configured (REDIS_URL, `shared`) every instance counts against one
 * budget there; without it, or while Redis is away, each instance counts in its own memory, so
 * the effective limit is `limit` × instances (the fail-safe of docs/adr/0056: serve on, limited
 * per instance, rather than refuse everyone or let everyone through).
 * The memory table is dropped when a window ends, so memory stays bounded by `maxClients`.
 * Guesses of a secret (passwords, PINs, serials) are throttled as failures instead
 * (accounts/throttle.ts), and sign-up/login attempts per IP in the database (accounts/rate-limit.ts).
 */
export class ClientRateLimiter {
  #windowStart = -1;
  #hits = new Map<string, number>();
  /**
   * Clients the shared count has put over the limit this window: a count only grows within its
   * window, so they are refused here without asking Redis again (a flood costs no round trips).
   */
  #over = new Set<string>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number,
    /** The shared counts and this limiter's name among them (unique per limiter). */
    private readonly shared?: { counts: SharedCounts; name: string },
  ) {}

  /** Counts one request from `client`; false when it is over the limit. */
  async hit(client: string): Promise<boolean> {
    const now = this.clock();
    const windowStart = now - (now % this.options.windowSeconds);
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#hits = new Map();
      this.#over = new Set();
    }
    const shared = this.shared;
    if (shared?.counts.ready) {
      if (this.#over.has(client)) return false;
      try {
        const count = await shared.counts.count(
          shared.name,
          windowStart,
          client,
          this.options.windowSeconds,
        );
        if (count <= this.options.limit) return true;
        if (this.#over.size < this.options.maxClients && windowStart === this.#windowStart) {
          this.#over.add(client);
        }
        return false;
      } catch {
        // Redis went away mid-request (or was slow): this request is counted here instead.
      }
    }
    return this.#hitHere(client);
  }

  #hitHere(client: string): boolean {
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

/** Makes the site's limiters, shared through Redis when it is configured. */
export class RateLimiters {
  readonly #counts: SharedCounts | undefined;
  readonly #names = new Set<string>();

  constructor(
    private readonly clock: () => number,
    shared?: SharedRedis,
  ) {
    this.#counts = shared ? new SharedCounts(shared) : undefined;
  }

  /** A limiter named for its keys in Redis; each name once per app. */
  create(name: string, options: RateLimitOptions): ClientRateLimiter {
    if (this.#names.has(name)) throw new Error(`rate limiter ${name} made twice`);
    this.#names.add(name);
    return new ClientRateLimiter(
      options,
      this.clock,
      this.#counts ? { counts: this.#counts, name } : undefined,
    );
  }
}
