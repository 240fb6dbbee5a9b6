import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeInPlace } from './browser';
import { apiSignIn, signInOnPage } from './demo-accounts';
import { browserForFile } from './journey';
import { layoutDefects, topBarDefects } from './layout-walk-checks';
import {
  addressesFor,
  getJson,
  prepareWalkData,
  routerPages,
  type PageAccess,
  type Persona,
  type WalkData,
} from './layout-walk-plan';
import { tabWalk } from './layout-walk-tab';

// The layout walk (docs/product/storefront-ux.md): every page of the web router, with real data, as everyone its guards
// let in, at every width a person uses, fails on what a person would trip over. Read by
// e2e/layout-walk-store.e2e.ts and e2e/layout-walk-admin.e2e.ts; the checks are in README.md.

// The parts: the plan (pages, personas, records) in layout-walk-plan.ts, the checks run in the page
// in layout-walk-checks.ts, the Tab walk in layout-walk-tab.ts.
export {
  addressesFor,
  addressOf,
  BUYER,
  GUEST,
  mayOpen,
  PARAM_ROUTES,
  prepareWalkData,
  routerPages,
  STAFF,
  type Persona,
  type WalkData,
} from './layout-walk-plan';

// ---------------------------------------------------------------------------------------------
// The walk

type Pass = { lang: '' | 'fr' | 'es'; widths: number[]; axe: number[]; tab: number[] };

/**
 * English at every width; French and Spanish at a phone's. axe and the Tab walk run at one phone
 * and one desktop width: what Tab reaches changes with the width only where the layout swaps a
 * menu (the mobile header and bottom bar below 768 px, the desktop header above), and 390 and 1280
 * see each side of that switch; 320 and 768 get the geometry checks, where widths do differ.
 */
export const PASSES: Pass[] = [
  { lang: '', widths: [1280, 768, 390, 320], axe: [1280, 390], tab: [1280, 390] },
  { lang: 'fr', widths: [390], axe: [], tab: [] },
  { lang: 'es', widths: [390], axe: [], tab: [] },
];

const HEIGHT: Record<number, number> = { 320: 568, 390: 844, 768: 1024, 1280: 900 };
/** The width at which the desktop top bar fits on one line in every language. */
const TOP_BAR_WIDTH = 1280;

/** The requests a page waits on (not images, fonts or media: a missing thumbnail is not a wait). */
const AWAITED = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

/** Counts the page's requests in flight, for settle(). */
function inFlight(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (AWAITED.has(r.resourceType())) n += 1;
  });
  const done = (r: { resourceType(): string }) => {
    if (AWAITED.has(r.resourceType())) n -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => n;
}

/**
 * Waits until the page has settled: no request in flight, no loading overlay, busy region or
 * skeleton, two frames running. Answers false when it did not within the time.
 */
async function settle(page: Page, pending: () => number, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  let quiet = 0;
  while (Date.now() < deadline) {
    const busy = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(
                document.querySelector('.loading-overlay, [aria-busy="true"], .skeleton') !== null,
              ),
            ),
          ),
        ),
    );
    quiet = busy || pending() > 0 ? 0 : quiet + 1;
    if (quiet >= 2) return true;
  }
  return false;
}

/**
 * The layout defects of a settled page. A page can start loading again between settle() and the
 * check (a query refetched, a lazy part fetched once the width changed): its loading overlay
 * then covers everything, which says nothing of the layout. Such a page is settled again and
 * checked once more; an overlay that is still there is reported.
 */
async function layoutOfSettled(page: Page, pending: () => number): Promise<string[]> {
  const defects = await page.evaluate(layoutDefects);
  const loadingAgain = defects.some((d) => d.includes(' under <div.loading-overlay>'));
  if (!loadingAgain) return defects;
  if (process.env.WALK_LOG)
    fs.appendFileSync(process.env.WALK_LOG, `loading again after settling: ${page.url()}\n`);
  await settle(page, pending);
  return page.evaluate(layoutDefects);
}

/**
 * Follows an in-app link to `address` (the router's own navigation, as a click on a link does),
 * not a reload: the walk visits some 600 views and a reload each time would cost most of its time.
 * Waits until the router has shown the new page: the shared layout titles every page it shows
 * (RootLayout), so a title other than the walk's mark means the page is there.
 */
async function navigate(page: Page, address: string): Promise<void> {
  const mark = '\u2063walk';
  const moved = await page.evaluate(
    ({ to, mark }) => {
      window.scrollTo(0, 0);
      if (window.location.pathname + window.location.search === to) return false;
      document.title = mark;
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      return true;
    },
    { to: address, mark },
  );
  if (moved) await page.waitForFunction((m) => document.title !== m, mark, { polling: 'raf' });
}

/** Picks `lang` in the language menu a person sees (the account saves it, as a person's would). */
async function chooseLanguage(page: Page, lang: Pass['lang']): Promise<void> {
  const html = lang || 'en';
  if ((await page.locator('html').getAttribute('lang')) === html) return;
  await page
    .getByRole('combobox', { name: /^(Language|Langue|Idioma)$/ })
    .first()
    .selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, html);
}

/** Diagnostic (WALK_LOG=<file>): how long each step of each view took. */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const file = process.env.WALK_LOG;
  if (!file) return step();
  const t0 = Date.now();
  const result = await step();
  fs.appendFileSync(file, `${String(Date.now() - t0).padStart(6)} ms ${what}\n`);
  return result;
}

export type WalkResult = { defects: string[]; views: number; pages: number; ms: number };

/**
 * Walks `addresses` as `persona`: one browser context and page for the whole walk, the language
 * changed in the page and the width by resizing the window, each view checked as PASSES says.
 * Answers the defects found, one line each, naming the page, the person, language and width.
 */
export async function walk(
  browser: Browser,
  baseUrl: string,
  persona: Persona,
  addresses: string[],
): Promise<WalkResult> {
  const started = Date.now();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: HEIGHT[1280] },
    locale: 'en-CA',
    // A person who asked for less motion: the home carousel stays on its slide while it is checked.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const pending = inFlight(page);
  const cdp = await context.newCDPSession(page);
  const defects: string[] = [];
  const found = (d: string) => {
    defects.push(d);
    if (process.env.WALK_LOG) fs.appendFileSync(process.env.WALK_LOG, `DEFECT ${d}\n`);
  };
  let views = 0;
  const originalLang = persona.email ? await accountLang(baseUrl, persona.email) : null;
  try {
    if (persona.email) {
      await signInOnPage(page, persona.email);
      await page.waitForURL((url) => url.pathname !== '/login');
    } else {
      await page.goto('/');
    }
    await settle(page, pending);
    for (const pass of PASSES) {
      await page.setViewportSize({ width: pass.widths[0], height: HEIGHT[pass.widths[0]] });
      await chooseLanguage(page, pass.lang);
      // The top bar is the same on every page: one look per person and language at the desktop
      // width, where it should fit on one line (the passes other than English walk a phone's).
      await page.setViewportSize({ width: TOP_BAR_WIDTH, height: HEIGHT[TOP_BAR_WIDTH] });
      await settle(page, pending);
      for (const d of await page.evaluate(topBarDefects))
        found(`top bar as ${persona.name}, ${pass.lang || 'en'} ${TOP_BAR_WIDTH} px: ${d}`);
      for (const address of addresses) {
        await timed(`navigate ${persona.name} ${address}`, () => navigate(page, address));
        for (const width of pass.widths) {
          const at = `${address} as ${persona.name}, ${pass.lang || 'en'} ${width} px`;
          await timed(`resize ${at}`, () => page.setViewportSize({ width, height: HEIGHT[width] }));
          if (!(await timed(`settle ${at}`, () => settle(page, pending))))
            found(`${at}: still loading after 10 s`);
          const landed = new URL(page.url()).pathname;
          if (landed === '/login' && address !== '/login') {
            found(`${at}: sent to the sign-in page`);
            continue;
          }
          views += 1;
          for (const d of await timed(`layout ${at}`, () => layoutOfSettled(page, pending)))
            found(`${at}: ${d}`);
          if (pass.axe.includes(width))
            for (const d of await timed(`axe ${at}`, () => axeInPlace(page)))
              found(`${at}: axe ${d}`);
          if (pass.tab.includes(width))
            for (const d of await timed(`tab ${at}`, () => tabWalk(page, cdp)))
              found(`${at}: ${d}`);
        }
      }
    }
  } finally {
    await context.close();
    // The language menu saved the walk's last language on the account: give it its own back.
    if (persona.email && originalLang !== null)
      await restoreLang(baseUrl, persona.email, originalLang);
  }
  return { defects, views, pages: addresses.length, ms: Date.now() - started };
}

/** The language saved on a demo account ('' for English), as signing in answers it. */
async function accountLang(baseUrl: string, email: string): Promise<string> {
  const s = await apiSignIn(baseUrl, email);
  const me = await getJson<{ user: { lang: string } }>(s, '/api/me');
  return me.user.lang;
}

async function restoreLang(baseUrl: string, email: string, lang: string): Promise<void> {
  const s = await apiSignIn(baseUrl, email);
  const response = await fetch(`${baseUrl}/api/me/preferences`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lang }),
  });
  if (!response.ok) throw new Error(`restoring the language of ${email}: ${response.status}`);
}

/**
 * A walk file's tests: one per persona, side by side in one browser, each over the router pages
 * `which` keeps that its guards let the persona open. Call it at the top of the file with await.
 */
export async function describeWalk(
  title: string,
  personas: Persona[],
  which: (page: PageAccess) => boolean,
): Promise<void> {
  const baseUrl = inject('baseUrl');
  const browser = browserForFile();
  const pages = (await routerPages()).filter(which);
  let data: WalkData;
  let cleanUp = async () => {};
  beforeAll(async () => {
    ({ data, cleanUp } = await prepareWalkData(baseUrl));
  });
  afterAll(() => cleanUp());
  describe.concurrent(title, () => {
    for (const persona of personas) {
      it(`every page fits, can be used and reached, as ${persona.name}`, async () => {
        const result = await walk(browser(), baseUrl, persona, addressesFor(persona, pages, data));
        console.log(
          `[layout walk] ${persona.name}: ${result.pages} pages, ${result.views} views in ${result.ms} ms (${Math.round(result.ms / Math.max(result.views, 1))} ms a view)`,
        );
        expect(result.defects).toEqual([]);
        // A ceiling for a loaded machine, not the budget (e2e/README.md).
      }, 1_200_000);
    }
  });
}
