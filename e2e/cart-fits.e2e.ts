import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import {
  checkA11y,
  DESKTOP,
  expectNoErrorsBut,
  missingImage,
  newPage,
  PHONE,
  signIn,
} from './support/browser';
import { apiSignIn, cartWithProducts } from './support/demo-accounts';
import { browserForFile } from './support/journey';

// "Every screen fits and says what it means": the cart and its checkout at phone widths
// and on a desktop, measured rather than looked at. Nothing wider than the screen, nothing laid over
// what the buyer reads or presses (elementFromPoint), the checkout read from top to bottom, toasts
// clear of the header's controls. E2E_SCREENSHOTS=<folder> also saves the pictures of
// docs/product/storefront-ux.md.
const baseUrl = inject('baseUrl');
const browser = browserForFile();
const SMALL_PHONE = { width: 320, height: 640 } as const;
const LINES = 4;

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/**
 * What the browser finds at the centre and near the corners of the element, when that is not the
 * element itself (or inside it): whatever lies over it. Empty when nothing covers it.
 */
function coveredBy(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 3, r.top + 3],
      [r.right - 3, r.top + 3],
      [r.left + 3, r.bottom - 3],
      [r.right - 3, r.bottom - 3],
    ];
    return points.flatMap(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return [];
      return [
        `(${Math.round(x)},${Math.round(y)}): ${hit ? `${hit.tagName}.${hit.className}` : 'off-screen'}`,
      ];
    });
  });
}

/**
 * Brings the element into view from the top of the page with the least scrolling, as moving to it
 * from the keyboard does: it lands at the bottom edge of the window, where the phone's bars are.
 */
async function scrollUpTo(locator: Locator): Promise<void> {
  await locator.evaluate((el) => {
    window.scrollTo(0, 0);
    el.scrollIntoView({ block: 'nearest' });
  });
}

/** The product page's own Add to cart (its related products have theirs too). */
const addButton = (page: Page) =>
  page.locator('.product-detail__info').getByRole('button', { name: /^Add .+ to the cart$/ });

async function openCart(page: Page): Promise<void> {
  await page.goto('/cart');
  await page
    .getByTestId(/^cart-line-/)
    .nth(LINES - 1)
    .waitFor();
  await page.getByLabel('Ship to').waitFor();
}

/**
 * The cart from the top (`cart-*`: the whole page on a desktop; on a phone the window, as a whole-page
 * picture would paint the fixed bottom bar halfway down), or the window with the checkout at its top.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  const whole = name.startsWith('cart');
  await page.evaluate((top) => {
    if (top) window.scrollTo(0, 0);
    else document.getElementById('checkout')?.scrollIntoView({ block: 'start' });
  }, whole);
  const desktop = (page.viewportSize()?.width ?? 0) >= 768;
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: whole && desktop });
}

/** Widths and edges of what a buyer must read and press in the cart, in CSS pixels. */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wanted = [
      '[data-testid^="cart-line-"] td',
      '[data-testid="cart-total"]',
      '[data-testid="total-with-tax"]',
      '.checkout-panel__note',
      '.checkout-panel select',
      '.cart-page__place',
      '.cart-page__fields textarea',
    ];
    const out: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth)
      out.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const selector of wanted)
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5))
          out.push(`${selector} ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    return out;
  });
}

describe('the cart and checkout fit the screen and say what they mean', () => {
  let codes: string[] = [];
  beforeEach(async () => {
    codes = await cartWithProducts(await apiSignIn(baseUrl, 'buyer.ca@example.com'), LINES);
  });

  it.each([
    ['390', PHONE],
    ['320', SMALL_PHONE],
  ] as const)(
    'at %s px the cart is no wider than the phone and nothing covers it',
    async (name, viewport) => {
      const { page, errors } = await newPage(browser(), { baseUrl, viewport });
      await signIn(page);
      await openCart(page);
      // Was 714 px wide at 390: amounts, hints and half of Place order off-screen.
      expect(await outside(page)).toEqual([]);
      // The headings are hidden on a phone: each figure of a line says what it is, and no rule
      // runs under every cell (they were bare figures, a line under each).
      const cells = await page
        .getByTestId(/^cart-line-/)
        .first()
        .locator('td')
        .evaluateAll((tds) =>
          tds.map((td) => [
            getComputedStyle(td, '::before').content,
            getComputedStyle(td).borderBottomWidth,
          ]),
        );
      expect(cells.map(([label]) => label)).toEqual(
        expect.arrayContaining(['"Price"', '"Ship packs"', '"Total"']),
      );
      expect(cells.filter(([, rule]) => rule !== '0px')).toEqual([]);
      // Reached from the keyboard, the comment box and Place order come into view above the bottom bar.
      for (const target of [
        page.getByLabel('Order comment'),
        page.getByLabel('Ship to'),
        page.getByRole('button', { name: 'Place order' }),
      ]) {
        await scrollUpTo(target);
        expect(await coveredBy(target)).toEqual([]);
      }
      if (name === '390') {
        await checkA11y(page, 'phone cart');
        await screenshot(page, 'cart-390');
        await page.getByLabel('Ship to').scrollIntoViewIfNeeded();
        await screenshot(page, 'checkout-390');
      }
      expectNoErrorsBut(errors, missingImage);
      await page.context().close();
    },
  );

  it('on a desktop the checkout reads top to bottom and nothing lies over the ship-to address', async () => {
    const { page, errors } = await newPage(browser(), { baseUrl, viewport: DESKTOP });
    await signIn(page);
    await openCart(page);
    expect(await outside(page)).toEqual([]);
    const parts = {
      shipTo: page.getByLabel('Ship to'),
      shipDate: page.getByLabel('Requested ship date'),
      taxes: page.getByTestId('total-with-tax'),
      total: page.getByTestId('cart-total'),
      place: page.getByRole('button', { name: 'Place order' }),
    };
    const boxes = Object.fromEntries(
      await Promise.all(
        Object.entries(parts).map(async ([key, locator]) => [key, (await locator.boundingBox())!]),
      ),
    ) as Record<keyof typeof parts, Box>;
    // Ship-to, ship date, tax summary, totals, then Place order (it sat beside the ship-to box).
    const order = (['shipTo', 'shipDate', 'taxes', 'total', 'place'] as const).map(
      (key) => boxes[key].y,
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const keys = Object.keys(boxes) as Array<keyof typeof parts>;
    const overlapping = keys.flatMap((a, i) =>
      keys.slice(i + 1).flatMap((b) => (overlap(boxes[a], boxes[b]) ? [`${a}/${b}`] : [])),
    );
    expect(overlapping).toEqual([]);
    for (const locator of Object.values(parts)) {
      await locator.scrollIntoViewIfNeeded();
      expect(await coveredBy(locator)).toEqual([]);
    }
    // The chosen address is written out whole under the box, which cuts it short, and nothing covers it.
    const address = page.getByTestId('ship-to-address');
    await expect(address.textContent()).resolves.toMatch(/\d/);
    expect(await coveredBy(address)).toEqual([]);
    await checkA11y(page, 'desktop cart');
    await screenshot(page, 'cart-1280');
    await screenshot(page, 'checkout-1280');
    expectNoErrorsBut(errors, missingImage);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('on a %s a toast covers none of the header controls', async (name, viewport) => {
    const { page, errors } = await newPage(browser(), { baseUrl, viewport });
    await signIn(page);
    await page.goto(`/description/${codes[0]}/ca`);
    await addButton(page).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added item to the cart' });
    await toast.waitFor();
    // The header is at the top of the page: look at it there, with the toast still showing.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    const toastBox = (await toast.boundingBox())!;
    const controls = page.locator(
      name === 'desktop'
        ? '.desktop-header a, .desktop-header button, .desktop-header select, .desktop-header input'
        : '.mobile-only a, .mobile-only button, .mobile-only input, .mobile-bottom-bar a, .mobile-bottom-bar select',
    );
    const covered: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box && box.width > 0 && overlap(box, toastBox))
        covered.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
    }
    // The account name and the cart and favourites counts were under it.
    expect(covered).toEqual([]);
    expectNoErrorsBut(errors, missingImage);
    await page.context().close();
  });

  it("a phone's cart total says what it is once and leaves the product title uncovered", async () => {
    const { page, errors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    await signIn(page);
    await page.goto(`/description/${codes[0]}/ca`);
    // It read "Cart total (Cart, 0 items)".
    const total = page.getByRole('link', { name: /^Cart: \d+ items?, CA\$[\d,]+\.\d\d$/ });
    await total.waitFor();
    await expect(total.getAttribute('aria-label')).resolves.toBe(
      `Cart: ${LINES} items, ${await total.innerText()}`,
    );
    const title = page.locator('h1.product-detail__name');
    await title.waitFor();
    expect(await coveredBy(title)).toEqual([]);
    await scrollUpTo(addButton(page));
    expect(await coveredBy(addButton(page))).toEqual([]);
    expectNoErrorsBut(errors, missingImage);
    await page.context().close();
  });
});
