import fs from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { STAFF_ROLES, type StaffRole } from '@wholesale/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeInPlace } from './browser';
import { categories } from './catalogue';
import {
  apiSignIn,
  cartWithProducts,
  FRENCH_BUYER,
  signInOnPage,
  type ApiSession,
} from './demo-accounts';
import { browserForFile } from './journey';

// The layout walk (docs/product/storefront-ux.md): every page of the web router, with real data, as everyone its guards
// let in, at every width a person uses, fails on what a person would trip over. Read by
// e2e/layout-walk-store.e2e.ts and e2e/layout-walk-admin.e2e.ts; the checks are in README.md.

/** What the walk knows of a page: apps/web/src/app/route-access.ts PageAccess. */
type PageAccess = {
  path: string;
  guard: 'public' | 'guest' | 'protected' | 'staff';
  staffRoles: StaffRole[];
};

/**
 * Every page of the web router with who may open it, read off the router's own route table and
 * guards (a new route is walked without editing the walk). Imported from the web's sources at run
 * time: the e2e project's type check does not compile the web app.
 */
export async function routerPages(): Promise<PageAccess[]> {
  const web = '../../apps/web/src/app';
  const { routes } = (await import(/* @vite-ignore */ `${web}/router`)) as { routes: unknown[] };
  const { pageAccess } = (await import(/* @vite-ignore */ `${web}/route-access`)) as {
    pageAccess: (list: unknown[]) => PageAccess[];
  };
  return pageAccess(routes);
}

/** A person the walk signs in as (none for a guest), and what the route guards call them. */
export type Persona = { name: string; email?: string; is: 'guest' | 'customer' | StaffRole };

export const GUEST: Persona = { name: 'guest', is: 'guest' };
export const BUYER: Persona = { name: 'buyer', email: 'buyer.ca@example.com', is: 'customer' };
/** One demo account per staff role (apps/api/src/db/seed/demo.ts): `<role>@example.com`. */
export const STAFF: Persona[] = STAFF_ROLES.map((role) => ({
  name: role,
  email: `${role}@example.com`,
  is: role,
}));

/**
 * Whether the route guards let `persona` open `page`. Outside the back office no guard reads a
 * staff member's roles (ProtectedRoute asks only "signed in"), so there the first staff persona
 * stands for every staff member; in the back office each role the page opens to walks it.
 */
export function mayOpen(persona: Persona, page: PageAccess): boolean {
  const staffRole = persona.is !== 'guest' && persona.is !== 'customer' ? persona.is : null;
  switch (page.guard) {
    case 'public':
      return staffRole === null || staffRole === STAFF_ROLES[0];
    case 'guest':
      return persona.is === 'guest';
    case 'protected':
      return persona.is === 'customer' || staffRole === STAFF_ROLES[0];
    case 'staff':
      return staffRole !== null && page.staffRoles.includes(staffRole);
  }
}

/** Real records the pages with parameters open, read from the demo data through the API. */
export type WalkData = {
  category: { name: string; category: string; cat_code: string };
  productCode: string;
  orderId: number;
  applicationId: number;
  customerId: number;
  sku: string;
  productGroupId: number;
};

/**
 * A concrete address for every route whose pattern has parameters, keyed by the pattern as the
 * router writes it. A new route with a parameter fails the walk until it has an entry here: name
 * which real record it opens.
 */
export const PARAM_ROUTES: Record<string, (d: WalkData) => string> = {
  '/orderdetails/:order_id': (d) => `/orderdetails/${d.orderId}`,
  '/admin/applications/:id': (d) => `/admin/applications/${d.applicationId}`,
  '/admin/orders/:id': (d) => `/admin/orders/${d.orderId}`,
  '/admin/orders/phone/:customerId': (d) => `/admin/orders/phone/${d.customerId}`,
  '/admin/products/:sku': (d) => `/admin/products/${encodeURIComponent(d.sku)}`,
  '/admin/customers/:id': (d) => `/admin/customers/${d.customerId}`,
  '/products/:name?/:cate?/:cate_code?/:classCode?': (d) =>
    `/products/${[d.category.name, d.category.category, d.category.cat_code, 'F'].map(encodeURIComponent).join('/')}`,
  '/dispay-products/:cate': (d) => `/dispay-products/${encodeURIComponent(d.category.cat_code)}`,
  '/search-page/:product/:search': () => '/search-page/button/1',
  '/category-page/:title': (d) => `/category-page/${encodeURIComponent(d.category.name)}`,
  '/description/:product_id/:country': (d) => `/description/${d.productCode}/ca`,
  '/product-groups/:id': (d) => `/product-groups/${d.productGroupId}`,
  '/*': () => '/walk-no-such-page',
};

/** The address the walk opens for a route pattern; throws for a parameter without an entry. */
export function addressOf(pattern: string, data: WalkData): string {
  const fill = PARAM_ROUTES[pattern];
  if (fill) return fill(data);
  if (/[:*]/.test(pattern))
    throw new Error(
      `The layout walk cannot open ${pattern}: add it to PARAM_ROUTES in e2e/support/layout-walk.ts with a real record`,
    );
  return pattern;
}

async function getJson<T>(s: ApiSession, path: string): Promise<T> {
  const response = await fetch(`${s.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

type Rows<T> = { data: T[] };

/**
 * Reads the records the walk opens and gives the buyer a cart with lines and a favourite (the
 * demo data has orders, applications, customers and product groups). Answers an undo for what it
 * added.
 */
export async function prepareWalkData(
  baseUrl: string,
): Promise<{ data: WalkData; cleanUp: () => Promise<void> }> {
  const buyer = await apiSignIn(baseUrl, BUYER.email!);
  const admin = await apiSignIn(baseUrl, 'admin@example.com');
  const all = await categories(baseUrl);
  const category = all.find((c) => c.name !== 'Zippers' && c.name !== 'Promotions') ?? all[0];
  const [productCode] = await cartWithProducts(buyer, 3);
  const favourite = new URLSearchParams({ product_id: productCode, user_id: String(buyer.userId) });
  const added = await fetch(`${baseUrl}/api/fav/add?${favourite}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  if (!added.ok) throw new Error(`adding a favourite: ${added.status}`);
  const orders = await getJson<Rows<{ order_id: number }>>(
    buyer,
    `/api/order-history?user_id=${buyer.userId}`,
  );
  const applications = await getJson<Rows<{ id: number }>>(admin, '/api/admin/applications');
  const customers = await getJson<Rows<{ id: number }>>(
    admin,
    `/api/admin/customers?q=${FRENCH_BUYER.code}`,
  );
  const products = await getJson<Rows<{ sku: string }>>(admin, '/api/admin/products?per_page=1');
  const productGroupId = 1;
  await getJson(buyer, `/api/product_group/${productGroupId}`);
  const first = <T>(rows: Rows<T>, what: string): T => {
    if (rows.data.length === 0) throw new Error(`the demo data has no ${what}`);
    return rows.data[0];
  };
  return {
    data: {
      category,
      productCode,
      orderId: first(orders, 'order of the buyer').order_id,
      applicationId: first(applications, 'application').id,
      customerId: first(customers, `customer ${FRENCH_BUYER.code}`).id,
      sku: first(products, 'product').sku,
      productGroupId,
    },
    cleanUp: async () => {
      await fetch(`${baseUrl}/api/fav/delete?${favourite}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${buyer.token}` },
      });
    },
  };
}

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

/**
 * The geometry checks in one pass over the page: wider than the window; an interactive element
 * covered at its centre once scrolled into view; text cut off in a control. Answers one line per
 * defect.
 */
function layoutDefects(): string[] {
  const out: string[] = [];
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    const text = (
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).placeholder ??
      el.textContent ??
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element): boolean => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    if (el.closest('[inert]')) return false;
    const r = el.getBoundingClientRect();
    // 1 px boxes are visually hidden on purpose (skip link, screen-reader text).
    return r.width > 1 && r.height > 1 && getComputedStyle(el).pointerEvents !== 'none';
  };
  window.scrollTo(0, 0);
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > window.innerWidth) {
    // The culprits: the innermost visible boxes past the right edge that scroll with the page
    // (neither in a fixed box nor clipped by a scrolling one inside the window).
    const pastEdge = (el: Element): boolean => {
      if (!el.checkVisibility() || el.getBoundingClientRect().right <= window.innerWidth + 0.5)
        return false;
      // An absolutely placed box is clipped only by a scrolling box that contains it.
      let escapes = getComputedStyle(el).position === 'absolute';
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed') return false;
        if (style.position !== 'static') escapes = false;
        if (
          !escapes &&
          style.overflowX !== 'visible' &&
          a.getBoundingClientRect().right <= window.innerWidth
        )
          return false;
      }
      return true;
    };
    const over = Array.from(document.body.querySelectorAll('*')).filter(pastEdge);
    const culprits = over.filter((el) => !over.some((o) => o !== el && el.contains(o)));
    out.push(
      `wider than the window (${scroller.scrollWidth} px): ${culprits.slice(0, 3).map(describe).join(', ')}`,
    );
  }
  const interactive = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex^="-"])',
  );
  for (const el of Array.from(interactive)) {
    if (!shown(el)) continue;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // A link that wraps has a box per line: it is covered when none of them shows it at its centre.
    const boxes = Array.from(el.getClientRects())
      .filter((r) => r.width > 1 && r.height > 1)
      .slice(0, 3);
    let seen = false;
    let inWindow = false;
    let cover: Element | null = null;
    for (const r of boxes) {
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // Outside the window: clipped by a scrolling box it cannot be scrolled into, not covered.
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      inWindow = true;
      const hit = document.elementFromPoint(x, y);
      if (
        !hit ||
        hit === el ||
        el.contains(hit) ||
        (hit instanceof HTMLLabelElement && hit.control === el)
      ) {
        seen = true;
        break;
      }
      cover = hit;
    }
    if (inWindow && !seen && cover) out.push(`covered: ${describe(el)} under ${describe(cover)}`);
  }
  // A field a person types in scrolls its text under the caret by design: only one they cannot
  // type in (read-only, disabled, a button-like input) counts as cut off when its text does not fit.
  const controls = document.querySelectorAll(
    'button, label, select, input:is([readonly], :disabled, [type="button"], [type="submit"], [type="reset"])',
  );
  for (const control of Array.from(controls)) {
    if (!shown(control)) continue;
    for (const el of [control, ...Array.from(control.querySelectorAll('*'))]) {
      // Screen-reader text in a 1 px box is hidden on purpose.
      if (el.clientWidth <= 1 && el !== control) continue;
      const style = getComputedStyle(el);
      const clips =
        el instanceof HTMLInputElement ||
        style.overflowX === 'hidden' ||
        style.overflowX === 'clip' ||
        style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1) {
        out.push(`text cut off: ${describe(control)} (${el.scrollWidth} > ${el.clientWidth} px)`);
        break;
      }
    }
  }
  window.scrollTo(0, 0);
  return out;
}

/** Marks what Tab should reach (visible, enabled, in the tab order; one per radio group). */
function markTabStops(): number {
  const SELECTOR =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [contenteditable="true"], [contenteditable=""], [tabindex]';
  const stops = new Set<string>();
  let n = 0;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(SELECTOR))) {
    if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[inert]')) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const radio = el instanceof HTMLInputElement && el.type === 'radio' && el.name;
    const key = radio ? `radio:${el.form?.id ?? ''}:${el.name}` : `stop-${n++}`;
    el.dataset.walkTab = key;
    stops.add(key);
  }
  const w = window as unknown as { walkReached: Set<string>; walkStart: HTMLElement };
  w.walkReached = new Set();
  document.addEventListener(
    'focusin',
    (e) => {
      const key = (e.target as HTMLElement).dataset?.walkTab;
      if (key) w.walkReached.add(key);
    },
    true,
  );
  // Tab from the top of the page, as after a page load.
  const start = document.createElement('span');
  start.tabIndex = -1;
  document.body.prepend(start);
  start.focus();
  w.walkStart = start;
  return stops.size;
}

/** The marked stops Tab has not reached yet (all of them, once `final`), and clears the marks then. */
function unreachedStops(final: boolean): string[] {
  const w = window as unknown as { walkReached: Set<string>; walkStart: HTMLElement };
  const missed: string[] = [];
  const seen = new Set<string>();
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-walk-tab]'))) {
    const key = el.dataset.walkTab!;
    // One that left the tab order meanwhile (a slide turned) is not a stop any more.
    const still = el.tabIndex >= 0 && el.checkVisibility({ checkVisibilityCSS: true });
    if (still && !w.walkReached.has(key) && !seen.has(key)) {
      seen.add(key);
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      missed.push(`<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${text}"`);
    }
    if (final) delete el.dataset.walkTab;
  }
  if (final) {
    w.walkStart.remove();
    (document.activeElement as HTMLElement | null)?.blur();
  }
  return missed;
}

/**
 * Presses Tab through the page (at most twice its stops plus 20 presses) and answers the stops missed.
 * The presses of a batch go to Chromium together (DevTools input events, handled in order): one
 * round trip per press made the Tab walk cost as much as axe.
 */
async function tabWalk(page: Page, cdp: CDPSession): Promise<string[]> {
  const stops = await page.evaluate(markTabStops);
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  // Twice the stops counted: content that arrives after the count (a home page's carousels and
  // grids) adds stops before the last ones; the walk stops as soon as every counted one is reached.
  const cap = 2 * stops + 20;
  let presses = 0;
  while (presses < cap) {
    const batch = Math.min(25, cap - presses);
    await Promise.all(
      Array.from({ length: batch }, () => [
        cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }),
      ]).flat(),
    );
    presses += batch;
    if ((await page.evaluate(unreachedStops, false)).length === 0) break;
  }
  const missed = await page.evaluate(unreachedStops, true);
  return missed.map((m) => `not reached with Tab (${presses} presses): ${m}`);
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
          for (const d of await timed(`layout ${at}`, () => page.evaluate(layoutDefects)))
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

/** The addresses `persona` walks: every router page its guards let it open, parameters filled. */
export function addressesFor(persona: Persona, pages: PageAccess[], data: WalkData): string[] {
  // Diagnostic (WALK_ONLY=<regular expression>): walk only the addresses it matches.
  const only = process.env.WALK_ONLY ? new RegExp(process.env.WALK_ONLY) : null;
  return pages
    .filter((p) => mayOpen(persona, p))
    .map((p) => addressOf(p.path, data))
    .filter((address) => !only || only.test(address));
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
