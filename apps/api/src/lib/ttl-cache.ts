import { LRUCache, type Perf } from 'lru-cache';
import type { CacheStats } from '../plugins/change-feed';

/*
 * The process caches (catalogue listings and facts, the order desk's counts), built on lru-cache
 * (ttl, max entries, fetchMethod). Each keeps one
 * store per database handle, because tests open many databases in one process; the app registers
 * its store with the change feed (plugins/change-feed.ts), which drops entries on notification, and
 * can turn it off (CACHES=off). See docs/decisions/016-caches-and-change-feed.md.
 */

type Store<K extends string | number, E extends object> = {
  lru: LRUCache<K, E, unknown>;
  enabled: boolean;
  hits: number;
  misses: number;
};

abstract class PerOwner<K extends string | number, E extends object> {
  private readonly stores = new WeakMap<object, Store<K, E>>();

  constructor(
    protected readonly ttlMs: number,
    protected readonly maxEntries: number,
    /** The clock ttl is measured on; tests inject one so expiry does not depend on real time. */
    private readonly clock?: Perf,
  ) {}

  /** lru-cache's ttl options: a given clock is read at every check (no 1 ms cached reading). */
  protected ttlOptions(): { ttl: number; perf?: Perf; ttlResolution?: number } {
    return this.clock
      ? { ttl: this.ttlMs, perf: this.clock, ttlResolution: 0 }
      : { ttl: this.ttlMs };
  }

  protected abstract createLru(): LRUCache<K, E, unknown>;

  protected storeOf(owner: object): Store<K, E> {
    let store = this.stores.get(owner);
    if (!store) {
      store = { lru: this.createLru(), enabled: true, hits: 0, misses: 0 };
      this.stores.set(owner, store);
    }
    return store;
  }

  /** Turns caching off for `owner` (CACHES=off): every read loads. */
  disable(owner: object): void {
    this.storeOf(owner).enabled = false;
  }

  /** Whether `owner`'s reads are kept (false with CACHES=off: every read loads). */
  keeps(owner: object): boolean {
    return this.storeOf(owner).enabled;
  }

  /** Forgets everything cached for `owner` (after a write that changes the catalogue). */
  clear(owner: object): void {
    this.stores.get(owner)?.lru.clear();
  }

  /** Forgets some keys; a load of them still in flight will not be kept either. */
  forget(owner: object, keys: K[]): void {
    const store = this.stores.get(owner);
    if (store) for (const key of keys) store.lru.delete(key);
  }

  stats(owner: object): CacheStats {
    const store = this.stores.get(owner);
    return store
      ? { hits: store.hits, misses: store.misses, size: store.lru.size }
      : { hits: 0, misses: 0, size: 0 };
  }

  /** This cache seen from one app: what the change feed's registry drops and reports. */
  of(owner: object) {
    return {
      clear: () => this.clear(owner),
      delete: (key: K) => this.forget(owner, [key]),
      stats: () => this.stats(owner),
    };
  }
}

type Box<V> = { value: V };
type Loader<V> = () => Promise<V> | PromiseLike<V>;

/**
 * Values with a time to live, loaded on a miss by lru-cache's fetchMethod (concurrent misses of one
 * key share the load; a failed load is not kept). NOTE: values may be up to `ttlMs` stale unless the
 * change feed drops them; it holds derived figures (counts, filter options, the category tree, best
 * sellers, short-lived pages) whose staleness for a few seconds is harmless.
 */
export class TtlCache<V> extends PerOwner<string, Box<V>> {
  constructor(ttlMs: number, maxEntries = 5000, clock?: Perf) {
    super(ttlMs, maxEntries, clock);
  }

  protected createLru() {
    return new LRUCache<string, Box<V>, unknown>({
      max: this.maxEntries,
      ...this.ttlOptions(),
      // NOTE: a Drizzle query builder is a thenable that runs its query again on every `then`;
      // awaiting it here settles it once.
      fetchMethod: async (_key, _stale, { context }) => ({ value: await (context as Loader<V>)() }),
    });
  }

  /** Returns the cached value for `key` on `owner`, or loads, stores and returns it. */
  async get(owner: object, key: string, load: Loader<V>): Promise<V> {
    const store = this.storeOf(owner);
    if (!store.enabled) {
      store.misses++;
      return load();
    }
    const status: LRUCache.Status<string, Box<V>, unknown> = {};
    let box: Box<V> | undefined;
    try {
      box = await store.lru.fetch(key, { context: load, status });
    } catch (error) {
      // The change feed dropped this entry (a catalogue write) while its load was in flight, and
      // lru-cache aborts such a fetch. What it was loading may predate the write: read again,
      // without keeping it. A loader's own failure is not an abort and goes to the caller.
      if (!status.fetchAborted) throw error;
      store.misses++;
      return load();
    }
    // 'inflight': another caller's load of the same key is shared, not repeated.
    if (status.fetch === 'hit' || status.fetch === 'inflight') store.hits++;
    else store.misses++;
    return (box as Box<V>).value;
  }
}

type BatchEntry<K, V> = { value?: V; loading?: Promise<Map<K, V>> };

/**
 * The same kind of cache for many small values read together (a cart's products): one load per
 * batch of missing keys, and values kept settled so a hit costs no promise.
 */
export class BatchTtlCache<K extends string | number, V> extends PerOwner<K, BatchEntry<K, V>> {
  protected createLru() {
    return new LRUCache<K, BatchEntry<K, V>, unknown>({
      max: this.maxEntries,
      ...this.ttlOptions(),
    });
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
    if (!store.enabled) {
      store.misses += keys.length;
      return loadMissing([...new Set(keys)]);
    }
    const found = new Map<K, V>();
    const waits = new Set<Promise<Map<K, V>>>();
    const missingKeys = new Set<K>();
    for (const key of keys) {
      const hit = store.lru.get(key);
      if (!hit) missingKeys.add(key);
      else if (hit.loading) waits.add(hit.loading);
      else if (hit.value !== undefined) found.set(key, hit.value);
    }
    store.hits += keys.length - missingKeys.size;
    store.misses += missingKeys.size;
    const missing = [...missingKeys];
    if (missing.length > 0) {
      const loading = loadMissing(missing);
      const entries = missing.map((key) => {
        const entry: BatchEntry<K, V> = { loading };
        store.lru.set(key, entry);
        return entry;
      });
      waits.add(loading);
      loading.then(
        (loaded) => {
          missing.forEach((key, i) => {
            // A key forgotten (or evicted) while it loaded is not kept.
            if (store.lru.peek(key) === entries[i]) {
              entries[i].value = loaded.get(key);
              entries[i].loading = undefined;
            }
          });
        },
        () =>
          missing.forEach((key, i) => store.lru.peek(key) === entries[i] && store.lru.delete(key)),
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
}
