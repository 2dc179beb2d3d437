import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedRedis } from './redis.js';

/** What a change makes stale; every instance's caches of that kind are dropped. */
export type CacheTopic = 'catalogue';

/**
 * Tells every instance's caches that what they keep has changed (docs/adr/0056). A change clears
 * this instance's caches at once and is published on Redis (`{prefix}cache-changed`), where every
 * other instance hears it and clears its own. Pub/sub keeps no messages, so an instance that was
 * cut off from Redis drops everything when it is back; and while Redis is away, each cache's own
 * TTL (CATALOGUE_CACHE_SECONDS) still bounds how long another instance may serve the old page.
 * Without Redis (one instance) the bus is this process alone.
 */
export class CacheBus {
  readonly #listeners = new Map<CacheTopic, Set<() => void>>();
  /** This instance's messages come back to it; it has already cleared its own caches. */
  readonly #instance = crypto.randomBytes(6).toString('hex');
  readonly #channel: string | undefined;

  constructor(
    private readonly shared?: SharedRedis,
    private readonly log?: FastifyBaseLogger,
  ) {
    if (!shared) return;
    const channel = `${shared.prefix}cache-changed`;
    this.#channel = channel;
    shared.subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const [instance, topic] = message.split(' ');
      if (instance !== this.#instance) this.#clear(topic as CacheTopic);
    });
    // Every (re)connection: what was published while this instance was not listening is lost.
    shared.subscriber.on('ready', () => this.#clearAll());
    shared.subscriber.subscribe(channel).catch(() => {
      // Refused only when the connection ends for good (the app closing).
    });
  }

  /** `clear` runs whenever a `topic` change is announced, here or on another instance. */
  onChange(topic: CacheTopic, clear: () => void): void {
    let listeners = this.#listeners.get(topic);
    if (!listeners) this.#listeners.set(topic, (listeners = new Set()));
    listeners.add(clear);
  }

  /** Announces a change that is already committed: here at once, elsewhere in a moment. */
  changed(topic: CacheTopic): void {
    this.#clear(topic);
    if (!this.shared || !this.#channel) return;
    const { commands } = this.shared;
    if (commands.status !== 'ready') {
      this.log?.warn(
        { topic },
        'redis unavailable: other instances keep their cache until its TTL',
      );
      return;
    }
    commands.publish(this.#channel, `${this.#instance} ${topic}`).catch((err: Error) => {
      this.log?.warn({ topic, err: err.message }, 'cache change not published');
    });
  }

  #clear(topic: CacheTopic): void {
    for (const clear of this.#listeners.get(topic) ?? []) clear();
  }

  #clearAll(): void {
    for (const listeners of this.#listeners.values()) for (const clear of listeners) clear();
  }
}
