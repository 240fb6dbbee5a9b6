import { LRUCache, type Perf } from 'lru-cache';

/*
 * The app's caches (catalogue listings and facts, the order desk's counts), built on lru-cache
 * (ttl, max entries, fetchMethod). Each belongs to one app: the app's cache registry creates it
 * (plugins/change-feed.ts `app.caches.ttl` / `.batch`), registers it with the channel that drops
 * it, and turns it off with CACHES=off. Two apps in one process (tests open many) share nothing.
 * See docs/decisions/016-caches-and-change-feed.md.
 */

/** Hits and misses of one cache since the app started. */
export type CacheStats = { hits: number; misses: number; size: number };

export type CacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** False with CACHES=off: every read loads (and counts as a miss). */
  enabled?: boolean;
  /** The clock ttl is measured on; tests inject one so expiry does not depend on real time. */
  clock?: Perf;
  /**
   * A bound on what the values weigh besides their number: `sizeOf` weighs a value (a kept price
   * list: its entries), and the least recently used go when the sum passes `maxSize`.
   */
  weigh?: { maxSize: number; sizeOf: (value: never) => number };
};

/** Slots a batch cache starts with: it doubles them when full, up to LAST_DOUBLING. */
export const FIRST_CAPACITY = 1024;
/**
 * NOTE: a growth copies what the cache holds, in one go, and allocates the new slots. Doubling all
 * the way, a cache of 500,000 also grew at 131,072 and 262,144 entries, holding the process up 93
 * and 242 ms; past LAST_DOUBLING it takes all its slots at once (~120 ms, once).
 */
export const LAST_DOUBLING = 65_536;

abstract class Counted<K extends string | number, E extends object> {
  protected lru: LRUCache<K, E, unknown>;
  protected readonly lruOptions: LRUCache.OptionsBase<K, E, unknown>;
  protected readonly maxEntries: number;
  /** Whether reads are kept (false with CACHES=off: every read loads). */
  readonly enabled: boolean;
  protected hits = 0;
  protected misses = 0;

  constructor({ ttlMs, maxEntries, enabled = true, clock, weigh }: CacheOptions) {
    this.enabled = enabled;
    this.maxEntries = maxEntries;
    this.lruOptions = {
      ttl: ttlMs,
      // A given clock is read at every check (no 1 ms cached reading).
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
      ...(weigh
        ? {
            maxSize: weigh.maxSize,
            // Both kinds of entry hold their value as `value` (a batch entry still loading has none).
            sizeCalculation: (entry: E) =>
              Math.max(1, Math.ceil(weigh.sizeOf((entry as { value?: unknown }).value as never))),
          }
        : {}),
    };
    this.lru = this.createLru({ ...this.lruOptions, max: this.firstCapacity(maxEntries) });
  }

  /** Slots the cache starts with: all it may hold, unless it grows (see BatchTtlCache). */
  protected firstCapacity(maxEntries: number): number {
    return maxEntries;
  }

  /** Slots the cache has now (what it holds before it grows or, at maxEntries, evicts). */
  get capacity(): number {
    return this.lru.max;
  }

  protected abstract createLru(options: LRUCache.Options<K, E, unknown>): LRUCache<K, E, unknown>;

  /**
   * Forgets everything (after a write that changes what it holds). NOTE: lru-cache's clear fills
   * its arrays of `maxEntries` slots even when nothing is held (a load in flight is an entry too),
   * 3.5 % of the API thread under the desk's status changes, which clear the desk's counts each.
   */
  clear(): void {
    if (this.lru.size > 0) this.lru.clear();
  }

  /** Forgets one key; a load of it still in flight will not be kept either. */
  delete(key: K): void {
    this.lru.delete(key);
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, size: this.lru.size };
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
export class TtlCache<V> extends Counted<string, Box<V>> {
  /**
   * Why lru-cache aborted loads (a drop while they ran). NOTE: only the caller that started a load
   * sees `status.fetchAborted`; the callers sharing it ('inflight') get the abort's reason alone.
   */
  private readonly abortReasons = new WeakSet<object>();

  protected createLru(options: LRUCache.Options<string, Box<V>, unknown>) {
    return new LRUCache<string, Box<V>, unknown>({
      ...options,
      // NOTE: a Drizzle query builder is a thenable that runs its query again on every `then`;
      // awaiting it here settles it once.
      fetchMethod: async (_key, _stale, { context, signal }) => {
        signal.addEventListener('abort', () => {
          if (typeof signal.reason === 'object' && signal.reason)
            this.abortReasons.add(signal.reason);
        });
        return { value: await (context as Loader<V>)() };
      },
    });
  }

  /**
   * The value kept for `key`, at once: undefined when none is (loading, or not kept), for the caller
   * to `get` it. NOTE: for per-request reads that nearly always hit (a customer's price lists): a
   * hit here costs no promise.
   */
  kept(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const box = this.lru.get(key);
    if (box === undefined) return undefined;
    this.hits++;
    return box.value;
  }

  /** Returns the cached value for `key`, or loads, stores and returns it. */
  async get(key: string, load: Loader<V>): Promise<V> {
    if (!this.enabled) {
      this.misses++;
      return load();
    }
    const status: LRUCache.Status<string, Box<V>, unknown> = {};
    let box: Box<V> | undefined;
    try {
      box = await this.lru.fetch(key, { context: load, status });
    } catch (error) {
      // The change feed dropped this entry (a catalogue write) while its load was in flight, and
      // lru-cache aborts such a fetch. What it was loading may predate the write: read again,
      // without keeping it. A loader's own failure is not an abort and goes to the caller.
      const aborted =
        status.fetchAborted ||
        (typeof error === 'object' && error !== null && this.abortReasons.has(error));
      if (!aborted) throw error;
      this.misses++;
      return load();
    }
    // 'inflight': another caller's load of the same key is shared, not repeated.
    if (status.fetch === 'hit' || status.fetch === 'inflight') this.hits++;
    else this.misses++;
    return (box as Box<V>).value;
  }
}

type BatchEntry<K, V> = { value?: V; loading?: Promise<Map<K, V>> };

/**
 * The same kind of cache for many small values read together (a cart's products): one load per
 * batch of missing keys, and values kept settled so a hit costs no promise.
 */
export class BatchTtlCache<K extends string | number, V> extends Counted<K, BatchEntry<K, V>> {
  /**
   * NOTE: lru-cache allocates its arrays for `max` slots up front (~44 bytes a slot with a ttl): the
   * cart's product caches (500,000 prices, 250,000 facts and codes) held ~50 MB of empty slots in a
   * process that had read nothing. A batch cache starts at FIRST_CAPACITY slots and moves into a
   * larger one when full (makeRoom, before getMany adds keys), so that only at maxEntries do the least
   * recently used go.
   */
  protected firstCapacity(maxEntries: number): number {
    return Math.min(maxEntries, FIRST_CAPACITY);
  }

  protected createLru(options: LRUCache.Options<K, BatchEntry<K, V>, unknown>) {
    return new LRUCache<K, BatchEntry<K, V>, unknown>(options);
  }

  /**
   * Before `adding` new keys: a full cache below maxEntries moves what it holds, in order of use and
   * with what is left of each ttl, into a larger one with room for them; what has expired is left
   * behind. NOTE: batch caches only: a TtlCache's loads run inside lru-cache, as fetches that a
   * growth would leave going on in the old one.
   */
  private makeRoom(adding: number): void {
    const old = this.lru;
    if (old.size + adding <= old.max || old.max >= this.maxEntries) return;
    let max = old.max;
    while (max < old.size + adding && max < this.maxEntries)
      max = max >= LAST_DOUBLING ? this.maxEntries : Math.min(this.maxEntries, max * 2);
    const grown = this.createLru({ ...this.lruOptions, max });
    // rforEach: least recently used first, so the last set is the most recent, as it was.
    old.rforEach((entry, key) => {
      const ttl = old.getRemainingTTL(key);
      if (ttl > 0) grown.set(key, entry, { ttl });
    });
    this.lru = grown;
  }

  /**
   * The values of `keys` in their order, at once, when every one is kept and settled (a value kept
   * as absent reads as undefined in its place); undefined when any is missing or still loading
   * (getMany then loads it). NOTE: a cart add reads 50 keys twice; getMany's Map of them and its
   * promise were a tenth of what an add allocated.
   */
  keptInOrder(keys: readonly K[]): Array<V | undefined> | undefined {
    if (!this.enabled) return undefined;
    const values = new Array<V | undefined>(keys.length);
    for (let i = 0; i < keys.length; i += 1) {
      const hit = this.lru.get(keys[i] as K);
      if (!hit || hit.loading) return undefined;
      values[i] = hit.value;
    }
    this.hits += keys.length;
    return values;
  }

  /**
   * Values for many keys at once: cached ones as they are, all the others loaded by ONE call of
   * `loadMissing` (keys it leaves out are cached as absent). Concurrent callers share loads in flight.
   * NOTE: a cart reads 50 keys per request, so settled values are read synchronously and only
   * batches still loading are awaited (once each), not one promise per key.
   */
  async getMany(keys: K[], loadMissing: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    if (!this.enabled) {
      this.misses += keys.length;
      return loadMissing([...new Set(keys)]);
    }
    const found = new Map<K, V>();
    const waits = new Set<Promise<Map<K, V>>>();
    const missingKeys = new Set<K>();
    for (const key of keys) {
      const hit = this.lru.get(key);
      if (!hit) missingKeys.add(key);
      else if (hit.loading) waits.add(hit.loading);
      else if (hit.value !== undefined) found.set(key, hit.value);
    }
    this.hits += keys.length - missingKeys.size;
    this.misses += missingKeys.size;
    const missing = [...missingKeys];
    if (missing.length > 0) {
      const loading = loadMissing(missing);
      this.makeRoom(missing.length);
      const entries = missing.map((key) => {
        const entry: BatchEntry<K, V> = { loading };
        this.lru.set(key, entry);
        return entry;
      });
      waits.add(loading);
      loading.then(
        (loaded) => {
          // `this.lru`, not the one it was added to: the cache may have grown since.
          const lru = this.lru;
          missing.forEach((key, i) => {
            // A key forgotten (or evicted) while it loaded is not kept.
            if (lru.peek(key) === entries[i]) {
              entries[i].value = loaded.get(key);
              entries[i].loading = undefined;
            }
          });
        },
        () =>
          missing.forEach((key, i) => this.lru.peek(key) === entries[i] && this.lru.delete(key)),
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
