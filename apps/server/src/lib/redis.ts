import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The connections to Redis that instances share state through (docs/adr/0056): one for commands
 * (rate counts, publishing), one subscribed to cache invalidations (a subscribed connection can
 * send nothing else). Neither ever holds a request: a command sent while Redis is away fails at
 * once (no offline queue) and a slow one after COMMAND_TIMEOUT_MS, and the caller falls back to
 * this process's own counting. ioredis reconnects by itself, every second or two at most.
 */
export interface SharedRedis {
  commands: Redis;
  subscriber: Redis;
  /** Put before every key and channel (REDIS_KEY_PREFIX; tests use one each). */
  prefix: string;
  /** Resolves once both connections are up, or after `ms` (then the site starts without them). */
  connected(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A request must not wait long on a Redis that has stopped answering, nor give up on one that
 * is merely behind a burst: a busy event loop reads replies late, and a count given up on is
 * counted in this instance instead (more requests let through than the limit).
 */
const COMMAND_TIMEOUT_MS = 1000;

export function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): SharedRedis {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Commands issued in the same tick leave in one write: a burst of requests costs one round trip.
    enableAutoPipelining: true,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  };
  const connection = (role: 'commands' | 'subscriber') => {
    // The subscriber sends nothing but SUBSCRIBE, which may wait for the connection (and is
    // sent again by ioredis on every reconnection).
    const own =
      role === 'subscriber'
        ? { enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }
        : {};
    const redis = new Redis(url, { ...options, ...own, connectionName: `site-${role}` });
    // Said once per outage, not at every reconnection attempt.
    let up = false;
    redis.on('ready', () => {
      up = true;
      log.info({ role }, 'redis connected');
    });
    redis.on('error', (err: Error) => {
      if (up) log.warn({ role, err: err.message }, 'redis unavailable; serving without it');
      up = false;
    });
    redis.on('close', () => {
      if (up) log.warn({ role }, 'redis connection closed; serving without it');
      up = false;
    });
    return redis;
  };
  const commands = connection('commands');
  const subscriber = connection('subscriber');
  return {
    commands,
    subscriber,
    prefix,
    async connected(ms) {
      const up = (redis: Redis) =>
        redis.status === 'ready' ? Promise.resolve() : new Promise((r) => redis.once('ready', r));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
      const ready = Promise.all([up(commands), up(subscriber)]).then(() => true as const);
      const answer = await Promise.race([ready, late]);
      clearTimeout(timer);
      return answer;
    },
    async close() {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
