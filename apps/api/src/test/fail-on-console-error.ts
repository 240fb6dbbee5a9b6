import { guardConsoleErrors } from '@wholesale/contract/testing';
import { afterEach, beforeAll, vi } from 'vitest';

const consoleErrors = guardConsoleErrors();
beforeAll(() => consoleErrors.clear());

afterEach(() => {
  const failure = consoleErrors.takeFailure();
  if (failure) throw failure;
  vi.restoreAllMocks();
});
