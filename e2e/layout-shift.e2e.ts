import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { browserForFile } from './support/journey';

// docs/product/storefront-ux.md: the pages a buyer lands on do not jump while their data arrives (cumulative
// layout shift at most 0.05, Lighthouse's "good" is 0.1). Each page is loaded with every /api answer
// held back until its loading state (skeletons, placeholders) is on screen, so the test always sees
// the loading state turn into the content, however fast the server answers.
const baseUrl = inject('baseUrl');
const CLS_BUDGET = 0.05;
const browser = browserForFile();

type Shift = { value: number; sources: string[] };
declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Records every layout shift not caused by input, with the classes of the elements that moved. */
function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node?: Node | null }>;
    }>) {
      if (entry.hadRecentInput) continue;
      window.__shifts!.push({
        value: entry.value,
        sources: entry.sources.map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : '?',
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Opens `path` with the API held back until the loading state is painted, then lets the answers
 * through, waits for `ready` and the network to settle, and returns the layout shifts seen.
 */
async function loadWithSlowData(page: Page, path: string, ready: string): Promise<Shift[]> {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/**', (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('.skeleton:visible, .carousel--placeholder:visible').first().waitFor();
  // Two animation frames: the loading state has been painted before any answer arrives.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  holding = false;
  await Promise.all(held.splice(0).map((route) => route.continue()));
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  await page.unroute('**/api/**');
  return shifts;
}

function total(shifts: Shift[]): number {
  return shifts.reduce((sum, s) => sum + s.value, 0);
}

/** A category listing and the first product of it, found through the public API. */
async function targets(): Promise<{ listing: string; product: string }> {
  const enc = encodeURIComponent;
  const categories = (await (await fetch(`${baseUrl}/api/categories?lang=en`)).json()) as {
    data: Array<{ name: string; category: string; cat_code: string }>;
  };
  const c = categories.data.find((x) => x.cat_code === 'BT') ?? categories.data[0];
  const listing = (await (
    await fetch(`${baseUrl}/api/displayProducts?cate=${enc(c.cat_code)}&lang=en`)
  ).json()) as { products: { data: Array<{ product_id: string; country: string }> } };
  const p = listing.products.data[0];
  return {
    listing: `/products/${enc(c.name)}/${enc(c.category)}/${enc(c.cat_code)}`,
    product: `/description/${enc(p.product_id)}/${enc(p.country || 'ca')}`,
  };
}

describe('layout shift while data loads', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const signedIn of [false, true]) {
      it(`home, a listing, a product page${signedIn ? ' and the cart' : ''} stay put: ${signedIn ? 'buyer' : 'guest'} on a ${label}`, async () => {
        const { page, context, expectNoConsoleErrors } = await newPage(browser(), {
          baseUrl,
          viewport,
        });
        await context.addInitScript(recordShifts);
        const { listing, product } = await targets();
        if (signedIn) {
          await signIn(page);
          // A line in the cart, so the cart page shows lines rather than its empty state.
          await page.goto(listing);
          const add = page.getByRole('button', { name: /^Add .+ to the cart$/, disabled: false });
          await add.first().click();
          await page.getByText('Added item to the cart').first().waitFor();
        }
        const pages: Array<[string, string]> = [
          ['/', '.product-card'],
          [listing, '.product-card'],
          [product, '.product-detail__name'],
        ];
        if (signedIn) pages.push(['/cart', '[data-testid^="cart-line-"]']);
        const results: Record<string, number> = {};
        const detail: Record<string, Shift[]> = {};
        for (const [path, ready] of pages) {
          const shifts = await loadWithSlowData(page, path, ready);
          results[path] = Number(total(shifts).toFixed(3));
          detail[path] = shifts.filter((s) => s.value > 0.001);
        }
        const over = Object.entries(results).filter(([, cls]) => cls > CLS_BUDGET);
        expect(
          over,
          `layout shift over ${CLS_BUDGET}: ${JSON.stringify(results)} ${JSON.stringify(detail)}`,
        ).toEqual([]);
        expectNoConsoleErrors();
        await context.close();
      });
    }
  }
});
