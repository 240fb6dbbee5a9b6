import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplicaRouter, parseLsn } from './read-replica';

/** An LSN source the test moves by hand; each answer waits until the test releases it. */
function lsnSource(initial: string | null) {
  let value = initial;
  let failing: Error | undefined;
  const asked = vi.fn(async () => {
    if (failing) throw failing;
    return value;
  });
  return {
    asked,
    set: (next: string | null) => void (value = next),
    fail: (error?: Error) => void (failing = error),
  };
}

describe('parseLsn', () => {
  it('orders WAL positions across the high word', () => {
    expect(parseLsn('0/FFFFFFFF')! < parseLsn('1/0')!).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn(null)).toBeNull();
  });
});

describe('the read-replica router', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(primaryAt = '0/100', replicaAt: string | null = '0/100') {
    const primary = lsnSource(primaryAt);
    const replica = lsnSource(replicaAt);
    const errors: Error[] = [];
    const router = createReplicaRouter({
      primaryLsn: primary.asked as () => Promise<string>,
      replicaLsn: replica.asked,
      pollMs: 5,
      retryMs: 1000,
      onError: (e) => errors.push(e),
    });
    return { router, primary, replica, errors };
  }

  it('reads from the primary until the change feed is live, then from a caught-up replica', async () => {
    const { router } = setUp();
    expect(router.usable()).toBe(false);
    router.setFeedLive(true);
    // The fence is being asked: not yet.
    expect(router.usable()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(router.usable()).toBe(true);
    router.setFeedLive(false);
    expect(router.usable()).toBe(false);
    router.close();
  });

  it('after a change, waits until the replica has replayed past the fence', async () => {
    const { router, primary, replica } = setUp();
    router.setFeedLive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(router.usable()).toBe(true);

    primary.set('0/200');
    router.fence();
    // At once, before any answer: a reload now must not read the old state from the replica.
    expect(router.usable()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(router.usable()).toBe(false);
    expect(router.state().behindBytes).toBe(0x100);

    await vi.advanceTimersByTimeAsync(20);
    expect(router.usable()).toBe(false);
    replica.set('0/1FF');
    await vi.advanceTimersByTimeAsync(5);
    expect(router.usable()).toBe(false);
    replica.set('0/200');
    await vi.advanceTimersByTimeAsync(5);
    expect(router.usable()).toBe(true);
    expect(router.state()).toMatchObject({ inUse: true, behindBytes: 0 });
    router.close();
  });

  it('a later fence supersedes an earlier one still in flight', async () => {
    const { router, primary, replica } = setUp();
    router.setFeedLive(true);
    await vi.advanceTimersByTimeAsync(0);
    primary.set('0/300');
    router.fence();
    router.fence();
    replica.set('0/300');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5);
    expect(router.usable()).toBe(true);
    expect(primary.asked).toHaveBeenCalledTimes(3);
    router.close();
  });

  it('a replica that does not answer is left alone until it does', async () => {
    const { router, primary, replica, errors } = setUp();
    router.setFeedLive(true);
    await vi.advanceTimersByTimeAsync(0);
    replica.fail(new Error('connection refused'));
    primary.set('0/400');
    router.fence();
    await vi.advanceTimersByTimeAsync(0);
    expect(router.usable()).toBe(false);
    expect(router.state().healthy).toBe(false);
    expect(errors.map((e) => e.message)).toEqual(['connection refused']);
    await vi.advanceTimersByTimeAsync(3000);
    // Reported once, not on every retry.
    expect(errors).toHaveLength(1);
    replica.fail(undefined);
    replica.set('0/400');
    await vi.advanceTimersByTimeAsync(1000);
    expect(router.usable()).toBe(true);
    router.close();
  });

  it('a fence the primary cannot answer is asked again, reads staying on the primary meanwhile', async () => {
    const { router, primary } = setUp();
    router.setFeedLive(true);
    await vi.advanceTimersByTimeAsync(0);
    primary.fail(new Error('primary restarting'));
    router.fence();
    await vi.advanceTimersByTimeAsync(0);
    expect(router.usable()).toBe(false);
    primary.fail(undefined);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(5);
    expect(router.usable()).toBe(true);
    router.close();
  });

  it('a server that is not a standby (null replay position) is always current', async () => {
    const { router, primary } = setUp('0/100', null);
    router.setFeedLive(true);
    await vi.advanceTimersByTimeAsync(0);
    primary.set('5/0');
    router.fence();
    await vi.advanceTimersByTimeAsync(0);
    expect(router.usable()).toBe(true);
    router.close();
  });
});
