import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, newPage, openScreen, signedInPage } from './support/browser';
import { browserForFile } from './support/journey';

// Staff fill the catalogue from a file (docs/product/back-office-catalogue.md): a content staff member
// uploads a CSV on /admin/catalogue and watches the import finish; a buyer then finds the new product
// with its price, and a guest finds it without price or stock.
const baseUrl = inject('baseUrl');
const PRICE = /\$\s?\d[\d,]*\.\d{2}/;
const STOCK = /Ship Packs? Available|Currently Out Of Stock|Coming soon/;
// Unique per run: the journey may run again against the same server.
const stamp = Date.now().toString(36).toUpperCase();
const SKU = `E2E-${stamp}`;
const NAME = `Imported spool ${stamp}`;
const browser = browserForFile();

async function findBySearch(page: Page) {
  await page.goto(`/search-page/${encodeURIComponent(NAME)}/1`);
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByRole('article').first().waitFor();
  expect(await results.innerText()).toContain(NAME);
  return results;
}

describe('catalogue import journey', () => {
  it('staff upload a CSV on /admin/catalogue and watch the import finish', async () => {
    const staff = await signedInPage(browser(), 'content@example.com', { baseUrl });
    await openScreen(staff.page, '/admin/catalogue', 'Catalogue import');
    const csv = [
      'sku,category,class,ship_pack,name_en,name_fr,name_es,price_ca,stock_ca,price_us,stock_us',
      `${SKU},BT,A,4,${NAME},Bobine ${stamp},Carrete ${stamp},12.34,40,9.87,25`,
    ].join('\n');
    await staff.page.getByLabel('Catalogue file (.csv or .xlsx)').setInputFiles({
      name: 'e2e-import.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\n`),
    });
    await staff.page.getByText('Ready to import: e2e-import.csv').waitFor();
    await staff.page.getByRole('button', { name: 'Start the import' }).click();
    const progress = staff.page.getByRole('progressbar', { name: 'Import progress' });
    await progress.waitFor();
    await staff.page.getByText('Finished.').waitFor({ timeout: 30_000 });
    expect(await progress.getAttribute('value')).toBe(await progress.getAttribute('max'));
    await staff.page
      .getByText('1 created, 0 updated, 0 unchanged, 0 deactivated; 0 refused.')
      .waitFor();
    await checkA11y(staff.page, '/admin/catalogue after an import');
    staff.expectNoConsoleErrors();
    await staff.page.context().close();
  });

  it('a buyer then finds the new product with its price', async () => {
    const buyer = await signedInPage(browser(), 'buyer.ca@example.com', { baseUrl });
    const found = await findBySearch(buyer.page);
    await expect.poll(() => found.innerText()).toMatch(/12\.34/);
    await openScreen(buyer.page, `/description/${SKU}/ca`, NAME);
    await expect.poll(() => buyer.page.locator('main').innerText()).toMatch(/12\.34/);
    expect(await buyer.page.locator('main').innerText()).toMatch(STOCK);
    await checkA11y(buyer.page, 'imported product, buyer');
    buyer.expectNoConsoleErrors();
    await buyer.page.context().close();
  });

  it('a guest finds it without price or stock', async () => {
    const guest = await newPage(browser(), { baseUrl });
    const guestFound = await findBySearch(guest.page);
    expect(await guestFound.innerText()).not.toMatch(PRICE);
    await openScreen(guest.page, `/description/${SKU}/ca`, NAME);
    const text = await guest.page.locator('main').innerText();
    expect(text).not.toMatch(PRICE);
    expect(text).not.toMatch(STOCK);
    await checkA11y(guest.page, 'imported product, guest');
    guest.expectNoConsoleErrors();
    await guest.page.context().close();
  });
});
