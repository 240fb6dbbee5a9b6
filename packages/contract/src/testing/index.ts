/**
 * docs/conventions.md #7: a console.error during a test fails it. One guard for the API's and the
 * web's test set-up (they differ in what else they reset, not in this).
 *
 * Set-up runs before every file and files may share a worker (isolate: false), so the console is
 * wrapped once per worker and every file reads the same list of errors.
 */
export interface ConsoleErrorGuard {
  /** Forgets what was logged so far (an earlier file's late logging is not this file's failure). */
  clear(): void;
  /** The error to fail the test with when something was logged since the last call, else undefined. */
  takeFailure(): Error | undefined;
}

export function guardConsoleErrors(): ConsoleErrorGuard {
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
  return {
    clear: () => {
      errors.length = 0;
    },
    takeFailure: () => {
      const seen = errors.splice(0);
      return seen.length
        ? new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`)
        : undefined;
    },
  };
}
export { TEST_STORE_IDENTITY } from './store-identity';
