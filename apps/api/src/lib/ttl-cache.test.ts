import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BatchTtlCache, FIRST_CAPACITY, LAST_DOUBLING, TtlCache } from './ttl-cache';

const size = { ttlMs: 60_000, maxEntries: 100 };

/** A loader that records what it was asked for and answers `value(key)` for keys it knows. */
function recordingLoader(known: (key: number) => boolean = () => true) {
  const calls: number[][] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const load = async (keys: number[]) => {
    calls.push([...keys]);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return new Map(keys.filter(known).map((k) => [k, `v${k}`]));
  };
  return {
    calls,
    load,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe('BatchTtlCache', () => {
  it('loads only the missing keys, in one call, and caches absent keys as absent', async () => {
    const cache = new BatchTtlCache<number, string>(size);
    const l = recordingLoader((k) => k !== 3);
    expect([...(await cache.getMany([1, 2, 3], l.load))]).toEqual([
      [1, 'v1'],
      [2, 'v2'],
    ]);
    expect([...(await cache.getMany([2, 3, 4], l.load))]).toEqual([
      [2, 'v2'],
      [4, 'v4'],
    ]);
    expect(l.calls).toEqual([[1, 2, 3], [4]]);
  });

  it('answers kept values in order at once, absent ones as undefined, and nothing while a key is missing or loading', async () => {
    const cache = new BatchTtlCache<number, string>(size);
    const l = recordingLoader((k) => k !== 3);
    expect(cache.keptInOrder([1])).toBeUndefined();
    await cache.getMany([1, 2, 3], l.load);
    const before = cache.stats();
    expect(cache.keptInOrder([3, 2, 1, 2])).toEqual([undefined, 'v2', 'v1', 'v2']);
    expect(cache.stats().hits).toBe(before.hits + 4);
    expect(cache.keptInOrder([1, 4])).toBeUndefined();
    l.holdNext();
    const loading = cache.getMany([5], l.load);
    expect(cache.keptInOrder([1, 5])).toBeUndefined();
    l.release();
    await loading;
    expect(cache.keptInOrder([5, 1])).toEqual(['v5', 'v1']);
    expect(new BatchTtlCache<number, string>({ ...size, enabled: false }).keptInOrder([])).toBe(
      undefined,
    );
  });

  it('shares a load in flight between concurrent callers', async () => {
    const cache = new BatchTtlCache<number, string>(size);
    const l = recordingLoader();
    const [a, b] = await Promise.all([
      cache.getMany([1, 2], l.load),
      cache.getMany([2, 1], l.load),
    ]);
    expect(a.get(1)).toBe('v1');
    expect(b.get(2)).toBe('v2');
    expect(l.calls).toEqual([[1, 2]]);
  });

  it('does not keep a value whose key was forgotten while it loaded', async () => {
    const cache = new BatchTtlCache<number, string>(size);
    const l = recordingLoader();
    l.holdNext();
    const first = cache.getMany([1], l.load);
    await Promise.resolve();
    cache.delete(1);
    l.release();
    expect((await first).get(1)).toBe('v1');
    await cache.getMany([1], l.load);
    expect(l.calls).toEqual([[1], [1]]);
  });

  it('forgets keys, everything, and what expired; does not keep failed loads', async () => {
    // An injected clock: expiry is what the test says, however slowly a busy machine runs it.
    // (lru-cache reads a start time of 0 as 'no ttl', so the clock starts later.)
    let now = 1_000;
    const cache = new BatchTtlCache<number, string>({
      ttlMs: 50,
      maxEntries: 100,
      clock: { now: () => now },
    });
    const l = recordingLoader();
    await cache.getMany([1, 2], l.load);
    cache.delete(1);
    await cache.getMany([1, 2], l.load);
    cache.clear();
    await cache.getMany([1, 2], l.load);
    now += 50;
    await cache.getMany([1], l.load); // still fresh at exactly its ttl
    now += 1;
    await cache.getMany([2], l.load);
    expect(l.calls).toEqual([[1, 2], [1], [1, 2], [2]]);

    await expect(cache.getMany([9], () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect((await cache.getMany([9], l.load)).get(9)).toBe('v9');
  });
});

/** The same cache with all its slots from the start, as lru-cache alone would be. */
class AllSlotsFromTheStart<K extends string | number, V> extends BatchTtlCache<K, V> {
  protected firstCapacity(maxEntries: number): number {
    return maxEntries;
  }
}

describe('BatchTtlCache capacity', () => {
  it('starts small and doubles when full, then takes maxEntries at once', async () => {
    const cache = new BatchTtlCache<number, string>({ ttlMs: 60_000, maxEntries: 300_000 });
    const l = recordingLoader();
    expect(cache.capacity).toBe(FIRST_CAPACITY);
    const keys = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    await cache.getMany(keys(0, FIRST_CAPACITY), l.load);
    expect(cache.capacity).toBe(FIRST_CAPACITY);
    await cache.getMany([FIRST_CAPACITY], l.load);
    expect(cache.capacity).toBe(2 * FIRST_CAPACITY);
    // One read of many new keys grows as far as they need at once, here to LAST_DOUBLING full.
    await cache.getMany(keys(FIRST_CAPACITY + 1, LAST_DOUBLING - FIRST_CAPACITY - 1), l.load);
    expect(cache.capacity).toBe(LAST_DOUBLING);
    await cache.getMany([-1], l.load);
    expect(cache.capacity).toBe(300_000);
    expect(cache.stats().size).toBe(LAST_DOUBLING + 1);
    expect(new BatchTtlCache({ ttlMs: 1, maxEntries: 10 }).capacity).toBe(10);
  });

  it('loads, keeps and evicts exactly what a cache with all its slots from the start does', async () => {
    // Reads of keys from a range wider than maxEntries: every load asked for, every answer and what
    // is kept must be the same, growth or not. (Starting at 2 slots, so that small cases grow several
    // times; what is left of each ttl is the next test's.)
    class StartsAtTwo<K extends string | number, V> extends BatchTtlCache<K, V> {
      protected firstCapacity(): number {
        return 2;
      }
    }
    const reads = fc.array(
      fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 12 }),
      { minLength: 1, maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(reads, async (reads) => {
        const size = { ttlMs: 60_000, maxEntries: 37 };
        const growing = new StartsAtTwo<number, string>(size);
        const full = new AllSlotsFromTheStart<number, string>(size);
        const [g, f] = [recordingLoader((k) => k % 7 !== 0), recordingLoader((k) => k % 7 !== 0)];
        for (const keys of reads) {
          expect([...(await growing.getMany(keys, g.load))]).toEqual([
            ...(await full.getMany(keys, f.load)),
          ]);
          expect(growing.keptInOrder(keys)).toEqual(full.keptInOrder(keys));
        }
        expect(g.calls).toEqual(f.calls);
        expect(growing.stats()).toEqual(full.stats());
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the order of use and what is left of each ttl when it grows', async () => {
    let now = 1_000;
    const max = FIRST_CAPACITY + 2;
    const cache = new BatchTtlCache<number, string>({
      ttlMs: 100,
      maxEntries: max,
      clock: { now: () => now },
    });
    const l = recordingLoader();
    await cache.getMany([0], l.load);
    now += 60;
    await cache.getMany(
      Array.from({ length: FIRST_CAPACITY - 1 }, (_, i) => i + 1),
      l.load,
    );
    expect(cache.keptInOrder([0])).toEqual(['v0']); // 0 is now the most recently used
    await cache.getMany([-1, -2], l.load); // grows to max
    expect(cache.capacity).toBe(max);
    await cache.getMany([-3], l.load); // full: the least recently used (1) goes, not 0
    expect(cache.keptInOrder([1])).toBeUndefined();
    expect(cache.keptInOrder([0, 2])).toEqual(['v0', 'v2']);
    now += 41; // 0 was read 101 ms ago, 2 only 41 ms ago
    expect(cache.keptInOrder([0])).toBeUndefined();
    expect(cache.keptInOrder([2])).toEqual(['v2']);
  });

  it('keeps a load that was in flight while it grew, and forgets a failed one', async () => {
    const cache = new BatchTtlCache<number, string>({ ttlMs: 60_000, maxEntries: 5000 });
    const held = recordingLoader();
    held.holdNext();
    const inFlight = cache.getMany([-1], held.load);
    let fail: (error: Error) => void = () => undefined;
    const failing = cache.getMany([-2], () => new Promise((_, reject) => (fail = reject)));
    const l = recordingLoader();
    await cache.getMany(
      Array.from({ length: FIRST_CAPACITY }, (_, i) => i),
      l.load,
    );
    expect(cache.capacity).toBe(2 * FIRST_CAPACITY);
    held.release();
    expect((await inFlight).get(-1)).toBe('v-1');
    fail(new Error('down'));
    await expect(failing).rejects.toThrow('down');
    // Kept in the grown cache without a second load; the failed key is loaded again, not stuck.
    expect(cache.keptInOrder([-1])).toEqual(['v-1']);
    expect((await cache.getMany([-2], l.load)).get(-2)).toBe('v-2');
    expect(held.calls).toEqual([[-1]]);
  });
});

/** First call: a load still running when the write lands (`release` ends it). Later calls: reads after it. */
function loadOverlappingAWrite() {
  let release: (value: string) => void = () => undefined;
  let calls = 0;
  const load = () => {
    calls += 1;
    if (calls === 1) return new Promise<string>((resolve) => (release = resolve));
    return Promise.resolve('after the write');
  };
  return { load, release: (value: string) => release(value), calls: () => calls };
}

describe('TtlCache', () => {
  it('answers a read whose load was in flight when a write dropped the cache, with a value read after the drop', async () => {
    const cache = new TtlCache<string>(size);
    const l = loadOverlappingAWrite();
    const reading = cache.get('page-1', l.load);
    cache.clear();
    l.release('before the write');
    await expect(reading).resolves.toBe('after the write');
    expect(l.calls()).toBe(2);
    // The load that predates the write was not kept either.
    await expect(cache.get('page-1', async () => 'next')).resolves.toBe('next');
  });

  it('answers every caller sharing a load in flight when a write drops the cache, not only the first', async () => {
    const cache = new TtlCache<string>(size);
    const l = loadOverlappingAWrite();
    const first = cache.get('page-1', l.load);
    const sharing = cache.get('page-1', l.load);
    cache.clear();
    l.release('before the write');
    await expect(first).resolves.toBe('after the write');
    await expect(sharing).resolves.toBe('after the write');
  });

  it('passes a loader failure to the caller', async () => {
    const cache = new TtlCache<string>(size);
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
  });
});
