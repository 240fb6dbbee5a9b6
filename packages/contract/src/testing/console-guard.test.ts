import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardConsoleErrors } from './index';

describe('guardConsoleErrors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns a logged error into the failure of the test that logged it, once', () => {
    const guard = guardConsoleErrors();
    guard.clear();
    expect(guard.takeFailure()).toBeUndefined();
    vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    console.error('the cart lost a line', { line: 3 });
    expect(guard.takeFailure()?.message).toBe(
      'console.error was called during the test: the cart lost a line',
    );
    expect(guard.takeFailure()).toBeUndefined();
  });

  it('wraps the console once: a second guard reads the same list', () => {
    const first = guardConsoleErrors();
    const second = guardConsoleErrors();
    first.clear();
    vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    console.error('seen by both');
    expect(second.takeFailure()?.message).toContain('seen by both');
    expect(first.takeFailure()).toBeUndefined();
  });
});
