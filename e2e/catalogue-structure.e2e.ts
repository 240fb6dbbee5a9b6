import { describe, expect, inject, it } from 'vitest';
import { checkScreen, openScreen, PHONE, signedInPage } from './support/browser';
import { categories } from './support/catalogue';
import { browserForFile } from './support/journey';

// Content staff keep the catalogue's structure on a phone (docs/product/back-office-catalogue.md
// "Catalogue structure"): they add a top-level category, name it in French, hide it, and retire it;
// the storefront's category tree follows each step.
const baseUrl = inject('baseUrl');
// Unique per run: the journey may run again against the same server.
const CODE = `E2E${Date.now().toString(36).toUpperCase()}`;
const browser = browserForFile();

const inTree = async (lang = 'en') =>
  (await categories(baseUrl, lang)).find((c) => c.cat_code.trim() === CODE);

describe('catalogue structure journey', () => {
  it('at 390 px staff add, rename, hide and retire a category, and the storefront follows', async () => {
    const { page, expectNoConsoleErrors } = await signedInPage(browser(), 'content@example.com', {
      baseUrl,
      viewport: PHONE,
    });
    await openScreen(page, '/admin/catalogue/structure', 'Catalogue structure');
    const tree = page.getByRole('list', { name: 'Categories' });
    await tree.waitFor();

    await page.getByLabel('Code', { exact: true }).fill(CODE.toLowerCase());
    await page.getByLabel('Name (EN)').fill('Journey goods');
    await page.getByLabel('Name (FR)').fill('Articles de parcours');
    await page.getByLabel('Name (ES)').fill('Artículos de recorrido');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const item = tree.getByRole('listitem').filter({ hasText: CODE });
    await item.waitFor();
    expect((await inTree())?.category).toBe('Journey goods');

    await item.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('form', { name: 'Rename Journey goods' });
    await rename.getByLabel('Name (FR)').fill('Articles du voyage');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await expect.poll(async () => (await inTree('fr'))?.category).toBe('Articles du voyage');

    await item.getByRole('button', { name: 'Hide' }).click();
    await item.getByText('hidden').waitFor();
    await expect.poll(async () => (await inTree()) as unknown).toMatchObject({ hidden: true });

    await checkScreen(page, '/admin/catalogue/structure at 390 px', {
      name: 'catalogue-structure-390.png',
    });

    await item.getByRole('button', { name: 'Retire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retire Journey goods' });
    await dialog.getByText('It holds no products.').waitFor();
    await dialog.getByRole('button', { name: 'Retire' }).click();
    await item.waitFor({ state: 'detached' });
    await expect.poll(async () => inTree()).toBeUndefined();
    expectNoConsoleErrors();
    await page.context().close();
  }, 240_000);
});
