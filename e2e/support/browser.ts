import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ARGS, headless: true });
  // Diagnostic (E2E_TRACE=<path prefix>): each page's Playwright trace (screenshots, DOM snapshots,
  // network), kept as <prefix>-<n>.zip when the browser closes; open with `npx playwright show-trace`.
  const traceDir = process.env.E2E_TRACE;
  if (traceDir) {
    const close = browser.close.bind(browser);
    browser.close = async (...args) => {
      let n = 0;
      for (const context of browser.contexts())
        await context.tracing.stop({ path: `${traceDir}-${++n}.zip` }).catch(() => undefined);
      return close(...args);
    };
  }
  return browser;
}

export type JourneyPage = {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Fails the test if the page logged a console error or threw. */
  expectNoConsoleErrors: () => void;
};

type NewPageOptions = {
  baseUrl: string;
  viewport?: { width: number; height: number };
  locale?: string;
};

/**
 * A fresh context (own storage and cookies) and page at a viewport and locale. Console errors and
 * page errors are collected for expectNoConsoleErrors().
 */
export async function newPage(
  browser: Browser,
  { baseUrl, viewport = DESKTOP, locale = 'en-CA' }: NewPageOptions,
): Promise<JourneyPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale });
  if (process.env.E2E_TRACE) await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  if (process.env.E2E_NETLOG) netLog(page, process.env.E2E_NETLOG);
  return {
    page,
    context,
    errors,
    expectNoConsoleErrors: () => expect(errors, 'console errors or page errors').toEqual([]),
  };
}

/**
 * Waits until every finite animation and transition on the page has finished. A toast caught
 * half-faded in has its text blended with the page behind it, which axe reads as low contrast
 * (CI failed on a sonner toast at 1.97:1 mid-transition). Endless ones (spinners, skeleton pulses)
 * are left running; an animation cancelled while waited on counts as done.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 5; round++) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
};

/** The serious and critical ones of axe's violations, one line each with up to five of its nodes. */
function serious(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
          .join('\n')}`,
    );
}

/** The serious and critical axe violations of the page (see checkA11y). */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return serious(results.violations);
}

// The axe-core that @axe-core/playwright runs, for axeInPlace().
const axeSource = () =>
  fs.readFileSync(
    createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
      'axe-core/axe.min.js',
    ),
    'utf8',
  );
let axeScript: string | undefined;

/**
 * axeViolations() for a page checked many times without reloading (the layout walk): axe-core is
 * put into the page once and run there. AxeBuilder puts it in again at every check and finishes
 * each in a fresh page, which made a check cost 10–20 s on a loaded machine instead of 1–3 s.
 */
export async function axeInPlace(page: Page): Promise<string[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate((axeScript ??= axeSource()));
  const violations = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: {
            run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
          };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) => r.violations),
    AXE_TAGS,
  );
  return serious(violations);
}

/** Runs axe on the page and fails on any serious or critical violation, listing them. */
export async function checkA11y(page: Page, label = page.url()): Promise<void> {
  expect(await axeViolations(page), `serious axe violations on ${label}`).toEqual([]);
}

/** How far the page reaches past the window's right edge, in px (0 or less: it fits). */
export const widerThanWindow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The page as it stands fits its window (nothing wider) and passes the accessibility checks
 * (`label` names it). With E2E_SCREENSHOTS=<folder>, `picture` saves it there for people to look at.
 */
export async function checkScreen(
  page: Page,
  label: string,
  picture?: { name: string; fullPage?: boolean },
): Promise<void> {
  expect(await widerThanWindow(page)).toBeLessThanOrEqual(0);
  await checkA11y(page, label);
  const folder = process.env.E2E_SCREENSHOTS;
  if (!picture || !folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, picture.name), fullPage: picture.fullPage });
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

/**
 * The answer to the page's first GET of `apiPath` (no query) while `navigate` loads the page: the
 * one the server wrote into the page (decision 030), else the one the app fetched.
 */
export async function firstRead<T>(
  page: Page,
  apiPath: string,
  navigate: () => Promise<unknown>,
): Promise<T> {
  const fetched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === apiPath && r.request().method() === 'GET',
  );
  // Not awaited when the page carries the answer: it then times out unobserved.
  fetched.catch(() => undefined);
  await navigate();
  const written = await page.evaluate((wanted) => {
    const text = document.getElementById('first-answers')?.textContent;
    const answers = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const key = Object.keys(answers).find((k) => k.split('?')[0] === wanted);
    return key === undefined ? null : answers[key];
  }, apiPath);
  return (written ?? (await (await fetched).json())) as T;
}

/** Signs a demo account in through the sign-in page and waits until it has left it. */
export async function signIn(page: Page, email = 'buyer.ca@example.com'): Promise<void> {
  await signInOnPage(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Goes to `path` and waits for the screen's own heading (its h1, `heading`): the screen is there. */
export async function openScreen(
  page: Page,
  path: string,
  heading: string | RegExp,
): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** A new page (see newPage) already signed in as `email`: each person of a journey in an own browser. */
export async function signedInPage(
  browser: Browser,
  email: string,
  options: NewPageOptions,
): Promise<JourneyPage> {
  const journey = await newPage(browser, options);
  await signIn(journey.page, email);
  return journey;
}

let pages = 0;
/** Diagnostic (E2E_NETLOG=<file>): every /api request and answer of the page, timed, with a cart's lines. */
function netLog(page: Page, file: string): void {
  const id = ++pages;
  const t0 = Date.now();
  const write = (line: string) =>
    fs.appendFileSync(file, `${String(Date.now() - t0).padStart(6)} p${id} ${line}\n`);
  const api = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (api(r.url()))
      write(
        `> ${r.method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')} ${r.postData()?.slice(0, 200) ?? ''}`,
      );
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) write(`NAV ${f.url()}`);
  });
  page.on('console', (m) => write(`console.${m.type()}: ${m.text()}`));
  page.on('requestfailed', (r) => {
    if (api(r.url()))
      write(`x ${r.method()} ${new URL(r.url()).pathname} ${r.failure()?.errorText}`);
  });
  page.on('response', async (r) => {
    if (!api(r.url())) return;
    const path = new URL(r.url()).pathname;
    let extra = '';
    if (/cart|add\/item|reorder|store\/orders/.test(path)) {
      try {
        const body = (await r.json()) as {
          products?: Array<{ id: number; item: number; product_id: string; name: string }>;
        };
        extra = ` lines=${JSON.stringify(body.products?.map((l) => [l.id, l.product_id, l.item, l.name]))}`;
      } catch {
        extra = ' (no body)';
      }
    }
    write(`< ${r.status()} ${r.request().method()} ${path}${extra}`);
  });
}
