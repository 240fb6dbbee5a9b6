import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { browserForFile } from './support/journey';

// docs/product/storefront-ux.md: text typed into the header search right after a page loads is never lost (a
// barcode scanner types a code and Enter within the first second). The header shows a light
// fallback box until the search feature's box has loaded; these journeys type across that swap.
const baseUrl = inject('baseUrl');
const SEARCH_BOX_CHUNK = /\/assets\/search-box-[^/]+\.js$/;
const browser = browserForFile();

/** Holds the search box's code back until release() (the slow network the race needs). */
async function holdSearchBox(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  let requested: () => void = () => {};
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(SEARCH_BOX_CHUNK, (route) => {
    if (!holding) return void route.continue();
    held.push(route);
    requested();
  });
  return {
    release: async () => {
      await wasRequested;
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

describe('typing into the header search right after a page loads', () => {
  it('keeps what was typed into the fallback box, caret and focus, when the real box arrives', async () => {
    const { page, context, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    const { release } = await holdSearchBox(page);
    await page.goto('/');
    const fallback = page.locator('.desktop-header').getByRole('searchbox', {
      name: 'Search products',
    });
    await fallback.pressSequentially('rib');
    await release();
    const real = page.locator('.desktop-header').getByRole('combobox', { name: 'Search products' });
    await real.waitFor();
    await expect.poll(() => real.inputValue()).toBe('rib');
    expect(await real.evaluate((el) => el === document.activeElement)).toBe(true);
    // The keyboard goes on into the real box; Enter searches the whole text.
    await page.keyboard.type('bon');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search-page/ribbon/1');
    expect(await real.inputValue()).toBe('ribbon');
    expectNoConsoleErrors();
    await context.close();
  });

  it('searches when Enter comes before the real box has loaded', async () => {
    const { page, context, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    const { release } = await holdSearchBox(page);
    await page.goto('/');
    await page
      .locator('.desktop-header')
      .getByRole('searchbox', { name: 'Search products' })
      .pressSequentially('ribbon');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search-page/ribbon/1');
    await release();
    // The real box shows the query once it arrives.
    const real = page.locator('.desktop-header').getByRole('combobox', { name: 'Search products' });
    await real.waitFor();
    expect(await real.inputValue()).toBe('ribbon');
    expectNoConsoleErrors();
    await context.close();
  });

  for (const [label, viewport, box] of [
    ['desktop', DESKTOP, '.desktop-header'],
    ['phone', PHONE, '.mobile-header'],
  ] as const) {
    it(`types a code and Enter as soon as the page answers, four times in a row (${label})`, async () => {
      const { page, context, expectNoConsoleErrors } = await newPage(browser(), {
        baseUrl,
        viewport,
      });
      for (const [i, start] of ['/', '/catalogues', '/about-us', '/'].entries()) {
        const code = `ribbon${i}`;
        await page.goto(start, { waitUntil: 'commit' });
        // Select what the box shows (the real box keeps the last search) in the first box there is
        // (fallback or real), then type like a scanner: no pauses.
        await page.locator(`${box} form[role="search"] input`).click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/search-page/${code}/1`);
      }
      expectNoConsoleErrors();
      await context.close();
    });
  }
});
