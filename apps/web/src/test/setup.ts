import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor wait for a condition; the default 1 s ceiling is shorter than a busy machine needs
// to load a lazy chunk, so a slow run failed instead of waiting (docs/decisions/024-test-speed.md).
configure({ asyncUtilTimeout: 15_000 });

// CONVENTIONS.md #7: a console.error during a test fails it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

// jsdom does not implement scrolling; the shell scrolls to the top on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const seen = errors.splice(0);
  if (seen.length)
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
});
