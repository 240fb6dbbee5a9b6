import { describe, expect, it } from 'vitest';
import { BatchTtlCache, TtlCache } from './ttl-cache';

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
