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
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + this.ttlSeconds });
    if (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
