/**
 * A small in-process cache with a time to live, one per database handle (tests open many databases in
 * one process). NOTE: values may be up to `ttlMs` stale; it only holds derived figures (counts, filter
 * options, the category tree, best sellers) whose staleness for a few seconds is harmless, so several
 * API processes need no shared cache.
 */
export class TtlCache<V> {
  private readonly stores = new WeakMap<object, Map<string, { at: number; value: Promise<V> }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  /** Returns the cached value for `key` on `owner`, or loads, stores and returns it. Failed loads are not kept. */
  get(owner: object, key: string, load: () => Promise<V>): Promise<V> {
    let store = this.stores.get(owner);
    if (!store) {
      store = new Map();
      this.stores.set(owner, store);
    }
    const now = Date.now();
    const hit = store.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (store.size >= this.maxEntries) store.clear();
    // NOTE: a Drizzle query builder is a thenable that runs its query again on every `then`;
    // Promise.resolve adopts it once, so the cached value is a settled promise, not a query.
    const value = Promise.resolve(load());
    store.set(key, { at: now, value });
    value.catch(() => store.delete(key));
    return value;
  }

  /** Forgets everything cached for `owner` (after a write that changes the catalogue). */
  clear(owner: object): void {
    this.stores.delete(owner);
  }
}
