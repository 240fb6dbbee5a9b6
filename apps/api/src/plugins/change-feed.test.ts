import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { createCacheRegistry, createFeedState, createPublisher } from './change-feed';

/** A cache that counts how often it was emptied and which keys were dropped. */
function countingCache() {
  const cache = { clears: 0, deleted: [] as number[] };
  return Object.assign(cache, {
    clear: () => void (cache.clears += 1),
    delete: (key: number) => void cache.deleted.push(key),
  });
}

describe('cache registry: drops coalesced per window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const feed = createFeedState();
    const registry = createCacheRegistry(true, feed);
    const windowed = countingCache();
    const immediate = countingCache();
    registry.register('windowed', windowed, { channel: 'ch', coalesceMs: 1000 });
    registry.register('immediate', immediate, {
      channel: 'ch',
      keysFromPayload: (payload) => (payload === '*' ? 'all' : payload.split(',').map(Number)),
    });
    return { feed, registry, windowed, immediate };
  };

  it('drops at once on the first notification, then once more at the end of a burst', () => {
    const { feed, windowed } = setUp();
    feed.deliver('ch', '*');
    expect(windowed.clears).toBe(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(90);
      feed.deliver('ch', '*');
    }
    // Ten notifications within the window: held back, not lost.
    expect(windowed.clears).toBe(1);
    vi.advanceTimersByTime(100);
    expect(windowed.clears).toBe(2);
    // Nothing more arrived: no further drop.
    vi.advanceTimersByTime(5000);
    expect(windowed.clears).toBe(2);
    // A lone write long after the burst is dropped at once again.
    feed.deliver('ch', '*');
    expect(windowed.clears).toBe(3);
  });

  it('leaves caches without a window, and named keys, immediate', () => {
    const { feed, immediate } = setUp();
    feed.deliver('ch', '*');
    feed.deliver('ch', '*');
    feed.deliver('ch', '4,5');
    expect(immediate.clears).toBe(2);
    expect(immediate.deleted).toEqual([4, 5]);
  });

  it('drops everything at once when the feed goes live again, and closes without a late drop', () => {
    const { feed, registry, windowed } = setUp();
    feed.deliver('ch', '*');
    feed.deliver('ch', '*');
    expect(windowed.clears).toBe(1);
    feed.setLive(true);
    expect(windowed.clears).toBe(2);
    // The window's held-back drop was part of the one just made.
    vi.advanceTimersByTime(2000);
    expect(windowed.clears).toBe(2);
    feed.deliver('ch', '*');
    feed.deliver('ch', '*');
    registry.close();
    vi.advanceTimersByTime(2000);
    expect(windowed.clears).toBe(3);
  });
});

describe('change feed publisher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('sends the first notification at once and folds a burst after it into one', async () => {
    let sent = 0;
    const counted = {
      execute: ((query) => {
        sent += 1;
        return t.handle.db.execute(query);
      }) as Database['execute'],
    };
    let endGap = () => {};
    const gap = () => new Promise<void>((resolve) => (endGap = resolve));
    const publisher = createPublisher(
      counted,
      (error) => {
        throw error;
      },
      gap,
    );
    let heard = 0;
    // Only this test's payload counts: the app announces its own drops on this channel at start.
    t.app.changeFeed.subscribe('ws_orders', (payload) => {
      if (payload === 'gap-test') heard += 1;
    });

    publisher.publish('ws_orders', 'gap-test');
    expect(sent).toBe(1);
    await expect.poll(() => heard).toBe(1);
    // The first has been heard; these come within its gap and wait for it.
    publisher.publish('ws_orders', 'gap-test');
    publisher.publish('ws_orders', 'gap-test');
    publisher.publish('ws_orders', 'gap-test');
    expect(sent).toBe(1);
    endGap();
    await expect.poll(() => sent).toBe(2);
    await expect.poll(() => heard).toBe(2);
    endGap();
    await publisher.settle();
    expect(sent).toBe(2);
  });
});
