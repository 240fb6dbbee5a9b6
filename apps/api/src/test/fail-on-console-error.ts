import { afterEach, beforeAll, vi } from 'vitest';

// docs/conventions.md #7: a console.error during a test fails it.
// Set-up runs before every file, and files may share a worker (isolate: false): wrap the console
// once, and keep one list of errors.
const marked = globalThis as { __consoleErrors?: unknown[][] };
const errors: unknown[][] = (marked.__consoleErrors ??= []);
if (!(console.error as { __collects?: true }).__collects) {
  const original = console.error;
  const collect = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
  console.error = Object.assign(collect, { __collects: true as const });
}
// What an earlier file logged after its last test is not this file's failure.
beforeAll(() => {
  errors.length = 0;
});

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length)
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
  vi.restoreAllMocks();
});
