/** One store per database handle (tests open many databases in one process). */
abstract class PerOwner<S extends Map<unknown, unknown>> {
  protected readonly stores = new WeakMap<object, S>();

  protected storeOf(owner: object): S {
    let store = this.stores.get(owner);
    if (!store) {
      store = new Map() as S;
      this.stores.set(owner, store);
    }
    return store;
  }

  /** Forgets everything cached for `owner` (after a write that changes the catalogue). */
  clear(owner: object): void {
    this.stores.delete(owner);
  }
}

/**
 * A small in-process cache with a time to live, one per database handle (tests open many databases in
 * one process). NOTE: values may be up to `ttlMs` stale; it only holds derived figures (counts, filter
 * options, the category tree, best sellers) whose staleness for a few seconds is harmless, so several
 * API processes need no shared cache.
 */
export class TtlCache<V> extends PerOwner<Map<string, { at: number; value: Promise<V> }>> {
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {
    super();
  }

  /** Returns the cached value for `key` on `owner`, or loads, stores and returns it. Failed loads are not kept. */
  get(owner: object, key: string, load: () => Promise<V>): Promise<V> {
    const store = this.storeOf(owner);
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
}

/**
 * The same kind of cache for many small values read together (a cart's products): one load per
 * batch of missing keys, and values kept settled so a hit costs no promise.
 */
export class BatchTtlCache<K, V> extends PerOwner<
  Map<K, { at: number; value?: V; loading?: Promise<Map<K, V>> }>
> {
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    super();
  }

  /**
   * Values for many keys at once: cached ones as they are, all the others loaded by ONE call of
   * `loadMissing` (keys it leaves out are cached as absent). Concurrent callers share loads in flight.
   * NOTE: a cart reads 50 keys per request, so settled values are read synchronously and only
   * batches still loading are awaited (once each), not one promise per key.
   */
  async getMany(
    owner: object,
    keys: K[],
    loadMissing: (missing: K[]) => Promise<Map<K, V>>,
  ): Promise<Map<K, V>> {
    const store = this.storeOf(owner);
    const now = Date.now();
    const found = new Map<K, V>();
    const waits = new Set<Promise<Map<K, V>>>();
    const missingKeys = new Set<K>();
    for (const key of keys) {
      const hit = store.get(key);
      if (!hit || now - hit.at >= this.ttlMs) missingKeys.add(key);
      else if (hit.loading) waits.add(hit.loading);
      else if (hit.value !== undefined) found.set(key, hit.value);
    }
    const missing = [...missingKeys];
    if (missing.length > 0) {
      if (store.size + missing.length > this.maxEntries) store.clear();
      const loading = loadMissing(missing);
      for (const key of missing) store.set(key, { at: now, loading });
      waits.add(loading);
      loading.then(
        (loaded) => {
          for (const key of missing) {
            const entry = store.get(key);
            if (entry?.loading === loading)
              store.set(key, { at: entry.at, value: loaded.get(key) });
          }
        },
        () => missing.forEach((key) => store.get(key)?.loading === loading && store.delete(key)),
      );
    }
    for (const loading of waits) {
      const loaded = await loading;
      for (const key of keys) {
        const value = loaded.get(key);
        if (value !== undefined) found.set(key, value);
      }
    }
    return found;
  }

  /** Forgets some keys; a load of them still in flight will not be kept either. */
  forget(owner: object, keys: K[]): void {
    const store = this.stores.get(owner);
    if (store) for (const key of keys) store.delete(key);
  }
}
