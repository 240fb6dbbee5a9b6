import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, newPage, openScreen, PHONE, signIn, widerThanWindow } from './support/browser';
import { browserForFile } from './support/journey';
import { categories, listingPathOf, type Cat } from './support/catalogue';

// Catalogue journeys: a guest browses a category without prices; a signed-in buyer sees prices and
// stock; the header search with a suggestion; a product group changes records per page and pages;
// a product with a script in its name renders as text; the grid is two columns at phone width.
const baseUrl = inject('baseUrl');
const PRICE = /\$\s?\d[\d,]*\.\d{2}/;
const STOCK = /Ship Packs? Available|Currently Out Of Stock|Coming soon/;
const browser = browserForFile();

async function buttons(): Promise<Cat> {
  const all = await categories(baseUrl);
  return all.find((c) => c.cat_code === 'BT') ?? all[0];
}

async function cards(page: Page) {
  const grid = page.getByRole('list', { name: 'Products' });
  await grid.getByRole('article').first().waitFor();
  return grid.getByRole('article');
}

describe('catalogue journeys', () => {
  it('a guest browses a category and sees products but no price or stock', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    const cat = await buttons();
    await openScreen(page, listingPathOf(cat), cat.category);
    const list = await cards(page);
    expect(await list.count()).toBe(25);
    await page.getByText(/Displaying 25 of [\d,]+ Products/).waitFor();
    const text = await page.getByRole('list', { name: 'Products' }).innerText();
    expect(text).not.toMatch(PRICE);
    expect(text).not.toMatch(STOCK);
    expect(text).toMatch(/Ship pack: \d+/);

    // Filters live in the URL: tick a brand, reload, still filtered.
    const brandGroup = page.getByRole('complementary', { name: 'Filters' });
    const firstBrand = brandGroup.getByRole('checkbox').first();
    await firstBrand.click();
    await page.waitForURL((url) => url.searchParams.has('brand'));
    const brand = new URL(page.url()).searchParams.get('brand');
    await page.reload();
    await cards(page);
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brand);
    await expect.poll(() => brandGroup.getByRole('checkbox', { checked: true }).count()).toBe(1);

    // Pagination: next page, then the page selector.
    await page.getByRole('button', { name: 'Next page' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Page 2' }).first().waitFor();
    await checkA11y(page, 'category listing');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('a signed-in buyer sees prices and stock on the listing and the product page', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await signIn(page);
    const cat = await buttons();
    await page.goto(listingPathOf(cat));
    const list = await cards(page);
    await expect
      .poll(() => page.getByRole('list', { name: 'Products' }).innerText())
      .toMatch(PRICE);
    const text = await page.getByRole('list', { name: 'Products' }).innerText();
    expect(text).toMatch(STOCK);
    expect(text).toMatch(/List price/);

    // The product page from the first card.
    await list.first().getByRole('link').nth(1).click();
    await page.waitForURL((url) => url.pathname.startsWith('/description/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.locator('.product-detail__fields').innerText()).toMatch(PRICE);
    // The category path reads "Buttons › Wooden buttons": each name clear of the › before it.
    const gaps = await page
      .getByRole('navigation', { name: 'Category' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.slice(1).map((item, i) => {
          const separator = items[i].querySelector('span')!.getBoundingClientRect();
          return item.getBoundingClientRect().left - separator.right;
        }),
      );
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(3);
    await page.getByRole('heading', { name: 'Related products' }).waitFor();
    await checkA11y(page, 'product detail');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('finds a product through the header search with a suggestion, and through the results page', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' }).first();
    await box.fill('wooden butt');
    const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
    await option.waitFor();
    const productId = (await option.innerText()).match(/[A-Z]{2}-\d+/)?.[0];
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/description/'));
    if (productId)
      expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/description/${productId}/ca`);

    // A search with a typo and no accent still finds buttons, on the results page.
    const again = page.getByRole('combobox', { name: 'Search products' }).first();
    await again.fill('wooden buttn');
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/search-page/'));
    await page.getByRole('heading', { level: 1, name: /Search results for/ }).waitFor();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('article').first().waitFor();
    expect(await results.innerText()).toMatch(/button/i);
    expect(await page.evaluate(() => localStorage.getItem('navbar_search'))).toBe('wooden buttn');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('a product group page changes records per page and pages', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await page.goto('/product-groups/2');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const grid = page.locator('.product-group .product-grid');
    await expect.poll(() => grid.getByRole('article').count()).toBe(25);
    await page.getByText(/Displaying 25 of 60 Products/).waitFor();
    await page.getByRole('button', { name: 'Next page' }).first().click();
    await page.getByRole('button', { name: 'Page 2' }).first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Page 2' }).first().getAttribute('aria-current'))
      .toBe('page');
    await page.getByLabel('Records per page').selectOption('50');
    await page.getByText(/Displaying 50 of 60 Products/).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Page 1' }).first().getAttribute('aria-current'))
      .toBe('page');
    // The page selector: choose page 2 of 2.
    await page
      .getByRole('button', { name: /Select a Page/ })
      .first()
      .click();
    await page
      .getByRole('menu', { name: 'Select a Page' })
      .getByRole('menuitemradio', { name: '2', exact: true })
      .click();
    await page.getByText(/Displaying 10 of 60 Products/).waitFor();
    expect(await page.getByRole('button', { name: 'Update cart' }).count()).toBe(0);
    await checkA11y(page, 'product group');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('renders a product whose name holds a script as text, and runs nothing', async () => {
    const hostile =
      'Evil <script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">snap';
    const created = await fetch(`${baseUrl}/api/dev/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        product_id: 'XSS-1',
        category: 'BT',
        names: { en: hostile },
        prices: [{ country: 'ca', retail: 2, selling: 1, available: 5 }],
        raw_names: true,
      }),
    });
    expect(created.status).toBe(200);
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await page.goto('/description/XSS-1/ca');
    const heading = page.locator('h1.product-detail__name');
    await heading.waitFor();
    expect((await heading.innerText()).replace(/\s+/g, ' ').trim()).toBe('Evil snap');
    // An injected <img onerror> would run once its picture failed: wait until every picture on the
    // page has loaded or failed (and the page's load event), not for a fixed time.
    await page.waitForLoadState('load');
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(
      await page.locator('.product-detail__name script, .product-detail__name img').count(),
    ).toBe(0);
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('shows the product grid as two columns at phone width', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    const cat = await buttons();
    await page.goto(listingPathOf(cat));
    await cards(page);
    const columns = await page
      .getByRole('list', { name: 'Products' })
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length);
    expect(columns).toBe(2);
    expect(await widerThanWindow(page)).toBeLessThanOrEqual(0);
    expectNoConsoleErrors();
    await page.context().close();
  });
});
