import { describe, expect, inject, it } from 'vitest';
import { checkScreen, DESKTOP, openScreen, PHONE, signedInPage } from './support/browser';
import { FRENCH_BUYER } from './support/demo-accounts';
import { browserForFile } from './support/journey';

// Content staff keep price lists (docs/product/pricing.md "Managing price lists"): at 390 px they add
// a list, give it to a customer found by code, add an entry and dry-run a file; the screen fits
// the phone and the desktop and passes the accessibility checks with a list open.
const baseUrl = inject('baseUrl');
const NAME = `Journey ${Date.now().toString(36)}`;
const browser = browserForFile();

/** A SKU of the catalogue, as the signed-in staff member's product list gives it. */
const someSku = (page: import('playwright-core').Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/admin/products?per_page=1');
    return ((await res.json()) as { data: Array<{ sku: string }> }).data[0].sku;
  });

describe('price lists journey', () => {
  it('at 390 px staff add a list, give it, price a product and dry-run a file; it fits at 1280 px too', async () => {
    const { page, expectNoConsoleErrors } = await signedInPage(browser(), 'content@example.com', {
      baseUrl,
      viewport: PHONE,
    });
    await openScreen(page, '/admin/prices', 'Price lists');

    const add = page.getByRole('form', { name: 'Add a price list' });
    await add.getByLabel('Name').fill(NAME);
    await add.getByRole('button', { name: 'Add the list' }).click();
    await page.getByRole('button', { name: `Open the list ${NAME}` }).click();
    await page.getByRole('heading', { name: `Price list ${NAME}` }).waitFor();

    await page
      .getByLabel('Find a customer (code, company, owner or e-mail)')
      .first()
      .fill(FRENCH_BUYER.code);
    await page
      .getByRole('button', { name: new RegExp(`^Give the list to ${FRENCH_BUYER.code}`) })
      .click();
    await page
      .getByRole('button', { name: new RegExp(`^Stop giving the list to ${FRENCH_BUYER.code}`) })
      .waitFor();

    const sku = await someSku(page);
    const entry = page.getByRole('form', { name: 'Add an entry' });
    await entry.getByLabel('Code').fill(sku);
    await entry.getByLabel('From ship packs').fill('10');
    await entry.getByLabel('Unit price').fill('0.50');
    await entry.getByRole('button', { name: 'Save' }).click();
    const entries = page.getByRole('table', { name: 'Entries of the list' });
    await entries.getByRole('cell', { name: sku, exact: true }).waitFor();

    const csv = `target,code,min_packs,fixed_price\nproduct,${sku},10,0.45\nproduct,NOPE-SKU,1,1\n`;
    await page.getByLabel('File (.csv or .xlsx)').setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Would be added: 0; changed: 1;');
    await page.getByRole('table', { name: /Refused rows/ }).waitFor();

    await checkScreen(page, '/admin/prices with a list open at 390 px', {
      name: 'price-lists-390.png',
      fullPage: true,
    });
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, '/admin/prices with a list open at 1280 px', {
      name: 'price-lists-1280.png',
      fullPage: true,
    });
    expectNoConsoleErrors();
  });
});
