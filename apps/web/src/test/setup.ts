import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { preloadTranslations } from './i18n';
import { guardConsoleErrors } from '@wholesale/contract/testing';

// findBy/waitFor wait for a condition; the default 1 s ceiling is shorter than a busy machine needs
// to load a lazy chunk, so a slow run failed instead of waiting (docs/decisions/024-test-speed.md).
configure({ asyncUtilTimeout: 15_000 });

// Every translation namespace in the three languages is loaded before a file's tests render, so no
// component suspends on a locale chunk: on a busy machine that first import outlasted the wait
// windows of findBy queries and tests failed only under load (docs/decisions/024-test-speed.md).
const namespaces = [
  ...new Set(
    Object.keys(import.meta.glob('../locales/en/*.json')).map((file) =>
      file.replace(/^.*\/(.+)\.json$/, '$1'),
    ),
  ),
];
beforeAll(async () => {
  await preloadTranslations(namespaces, ['en', 'fr', 'es']);
  // Files share a worker (isolate: false): each starts in English with a clean page, as a fresh
  // environment would.
  await i18n.changeLanguage('en');
  window.history.replaceState(null, '', '/');
  document.title = '';
});

// A console.error during a test fails it (the same guard as the API's tests).
const consoleErrors = guardConsoleErrors();
beforeAll(() => consoleErrors.clear());

// jsdom does not implement scrolling; the shell scrolls to the top on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  // Sonner keeps its toasts in a module-level store that outlives each test's <Toaster />: a toast
  // left there held a later test's toast out of view until its 5 s ran out (real time), which a
  // busy machine stretched past the test's timeout.
  toast.dismiss();
  cleanup();
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const failure = consoleErrors.takeFailure();
  if (failure) throw failure;
});
