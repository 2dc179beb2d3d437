/**
 * A small in-process cache for read-mostly replies (catalogue pages, channel lists): entries live
 * `ttlSeconds` by the app's clock, the oldest go first past `maxEntries`, and the owning module
 * clears it when it writes. Other instances see a change within the TTL.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
    private readonly maxEntries = 1_000,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlSeconds <= 0) return load();
    const now = this.clock();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    this.#put(key, value, now);
    return value;
  }

  /**
   * Values for many keys, the missing ones loaded together (one query for a page of titles).
   * `load` answers a map; a key it leaves out is `missing`, and that answer is cached too.
   */
  async getMany(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
    missing: V,
  ): Promise<Map<string, V>> {
    const now = this.clock();
    const found = new Map<string, V>();
    const misses: string[] = [];
    for (const key of keys) {
      const hit = this.ttlSeconds > 0 ? this.#entries.get(key) : undefined;
      if (hit && hit.expiresAt > now) found.set(key, hit.value);
      else misses.push(key);
    }
    if (misses.length === 0) return found;
    const loaded = await load(misses);
    for (const key of misses) {
      const value = loaded.has(key) ? loaded.get(key)! : missing;
      found.set(key, value);
      if (this.ttlSeconds > 0) this.#put(key, value, now);
    }
    return found;
  }

  #put(key: string, value: V, now: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + this.ttlSeconds });
    if (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
