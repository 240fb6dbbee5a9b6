import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInOnPage } from './demo-accounts';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Real Chromium (never a downloaded build): /usr/bin/chromium driven by playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: EXECUTABLE, args: ARGS, headless: true });
}

export type JourneyPage = {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Fails the test if the page logged a console error or threw. */
  expectNoConsoleErrors: () => void;
};

/**
 * A fresh context (own storage and cookies) and page at a viewport and locale. Console errors and
 * page errors are collected for expectNoConsoleErrors().
 */
export async function newPage(
  browser: Browser,
  {
    baseUrl,
    viewport = DESKTOP,
    locale = 'en-CA',
  }: { baseUrl: string; viewport?: { width: number; height: number }; locale?: string },
): Promise<JourneyPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return {
    page,
    context,
    errors,
    expectNoConsoleErrors: () => expect(errors, 'console errors or page errors').toEqual([]),
  };
}

/** Runs axe on the page and fails on any serious or critical violation, listing them. */
export async function checkA11y(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n')}`,
  );
  expect(report, `serious axe violations on ${label}`).toEqual([]);
}

/** Product thumbnails without a file answer 404, which Chromium logs; few journeys are about them. */
export const missingImage = (e: string) =>
  e.includes('Failed to load resource') && e.includes('/images/');

/** Fails on console or page errors other than those the journey expects (`expected`). */
export function expectNoErrorsBut(errors: string[], expected: (e: string) => boolean): void {
  expect(
    errors.filter((e) => !expected(e)),
    'console errors or page errors',
  ).toEqual([]);
}

/** Signs a demo account in through the sign-in page and waits until it has left it. */
export async function signIn(page: Page, email = 'buyer.ca@example.com'): Promise<void> {
  await signInOnPage(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
}
