import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdempotencyKey, idempotencyOutcome } from './idempotency';

describe('idempotencyOutcome', () => {
  it('replays a finished request with the same fingerprint, waits on a running one', () => {
    expect(idempotencyOutcome({ requestHash: 'a', statusCode: 200 }, 'a')).toBe('replay');
    expect(idempotencyOutcome({ requestHash: 'a', statusCode: null }, 'a')).toBe('in-progress');
  });

  it('refuses any other request under a taken key, finished or not', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.option(fc.integer({ min: 200, max: 499 })),
        (stored, sent, statusCode) => {
          fc.pre(stored !== sent);
          expect(idempotencyOutcome({ requestHash: stored, statusCode }, sent)).toBe('mismatch');
        },
      ),
    );
  });
});

describe('IdempotencyKey', () => {
  it('takes a UUID and refuses empty, spaced or overlong keys by name', () => {
    expect(IdempotencyKey.parse(crypto.randomUUID())).toMatch(/^[0-9a-f-]{36}$/);
    expect(IdempotencyKey.safeParse('').error?.issues[0]?.message).toMatch(/Idempotency-Key/);
    expect(IdempotencyKey.safeParse('a b').success).toBe(false);
    expect(IdempotencyKey.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(
      'Idempotency-Key is too long',
    );
  });
});
