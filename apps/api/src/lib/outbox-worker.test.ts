import { describe, expect, it } from 'vitest';
import { exponentialBackoffMs } from './outbox-worker';

describe('outbox retries', () => {
  it('backs off exponentially from the base, capped', () => {
    expect([1, 2, 3, 10].map((n) => exponentialBackoffMs(n, 30, 100))).toEqual([30, 60, 100, 100]);
    expect(exponentialBackoffMs(0, 30, 100)).toBe(30);
  });
});
