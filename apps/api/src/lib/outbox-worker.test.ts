import { describe, expect, it, vi } from 'vitest';
import { exponentialBackoffMs, startOutboxLoop } from './outbox-worker';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

/** A batch whose first call waits for `held.release()`; `then` runs on each call after that wait. */
function firstBatchHeld(then: (call: number) => void = () => {}) {
  const held = { release: () => {} };
  let calls = 0;
  const runBatch = vi.fn(async () => {
    calls += 1;
    if (calls === 1) await new Promise<void>((r) => (held.release = r));
    then(calls);
    return { sent: 1 };
  });
  return { runBatch, held };
}

describe('outbox loop', () => {
  it('backs off exponentially from the base, capped', () => {
    expect([1, 2, 3, 10].map((n) => exponentialBackoffMs(n, 30, 100))).toEqual([30, 60, 100, 100]);
    expect(exponentialBackoffMs(0, 30, 100)).toBe(30);
  });

  it('drains full batches back to back, logs only batches that did something', async () => {
    const sizes = [5, 5, 2];
    const log = quietLog();
    const runBatch = vi.fn(async () => ({ sent: sizes.shift() ?? 0 }));
    const loop = startOutboxLoop({
      name: 'test',
      log,
      intervalMs: 60_000,
      runBatch,
      drainBatchSize: 5,
    });
    await loop.runOnce();
    expect(runBatch).toHaveBeenCalledTimes(3);
    expect(log.info).toHaveBeenCalledTimes(3);
    await loop.runOnce();
    expect(log.info).toHaveBeenCalledTimes(3);
    await loop.stop();
  });

  it('runs one batch per call without drainBatchSize, never two at once, and survives a failure', async () => {
    const log = quietLog();
    const { runBatch, held } = firstBatchHeld((call) => {
      if (call === 2) throw new Error('database gone');
    });
    const loop = startOutboxLoop({ name: 'test', log, intervalMs: 60_000, runBatch });
    const first = loop.runOnce();
    const overlapping = loop.runOnce();
    held.release();
    await Promise.all([first, overlapping]);
    expect(runBatch).toHaveBeenCalledTimes(1);
    await loop.runOnce();
    expect(log.warn).toHaveBeenCalledWith({ err: 'database gone' }, 'test worker run failed');
    await loop.runOnce();
    expect(runBatch).toHaveBeenCalledTimes(3);
    await loop.stop();
    await loop.runOnce();
    expect(runBatch).toHaveBeenCalledTimes(3);
  });

  it('runs at once on wake, and once more after the running batch when woken meanwhile', async () => {
    const log = quietLog();
    const { runBatch, held } = firstBatchHeld();
    const loop = startOutboxLoop({ name: 'test', log, intervalMs: 60_000, runBatch });
    loop.wake();
    expect(runBatch).toHaveBeenCalledTimes(1);
    // Rows queued while the first batch runs may have committed after it claimed: one more pass.
    loop.wake();
    loop.wake();
    held.release();
    await loop.runOnce();
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2));
    expect(runBatch).toHaveBeenCalledTimes(2);
    await loop.stop();
    loop.wake();
    expect(runBatch).toHaveBeenCalledTimes(2);
  });
});
