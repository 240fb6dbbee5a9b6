import { afterEach, vi } from 'vitest';

// CONVENTIONS.md #7: a console.error during a test fails it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length)
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
  vi.restoreAllMocks();
});
