import { deflateSync, crc32 } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { checkA11y, newPage, openScreen, signIn } from './support/browser';
import { browserForFile } from './support/journey';
import { apiSignIn } from './support/demo-accounts';

// The product editor (docs/product/back-office-catalogue.md "Product editor"): a content staff
// member finds a product by SKU, changes its French name and Canadian price, adds two pictures and
// puts the second first, then saves; a French buyer sees the new name, price and pictures on the
// product page; a guest sees no price.
const baseUrl = inject('baseUrl');
// Unique per run: the journey may run again against the same server.
const stamp = Date.now().toString(36).toUpperCase();
const NAME_FR = `Bouton modifié ${stamp}`;
const PRICE = `${(10 + (Date.now() % 80)).toString()}.37`;
const PRICE_FR = PRICE.replace('.', ',');
const ANY_PRICE = /\d+[.,]\d{2}\s?\$|\$\s?\d+[.,]\d{2}/;
// NOTE: a shared, busy machine can take longer than the default 15 s to show a lazy admin screen.
const PATIENCE_MS = 60_000;
const browser = browserForFile();
let sku = '';

/** A small solid-colour PNG, built by hand (signature, IHDR, IDAT, IEND). */
function png(rgb: [number, number, number], width = 6, height = 4): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  // A product sold in Canada, without pictures yet, as staff find it.
  const staff = await apiSignIn(baseUrl, 'content@example.com');
  const res = await fetch(`${baseUrl}/api/admin/products?q=BT&per_page=50`, {
    headers: { authorization: `Bearer ${staff.token}` },
  });
  const page = (await res.json()) as {
    data: Array<{ sku: string; price_ca: string; active: boolean }>;
  };
  for (const candidate of page.data.filter((p) => p.active && p.price_ca)) {
    const detail = await fetch(`${baseUrl}/api/admin/products/${candidate.sku}`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    if (((await detail.json()) as { images: unknown[] }).images.length === 0) {
      sku = candidate.sku;
      break;
    }
  }
  expect(sku, 'a Canadian product without pictures').not.toBe('');
});

describe('product editor journey', () => {
  it('content staff find a product by SKU, edit its French name and price, add and reorder pictures, and save', async () => {
    const staff = await newPage(browser(), { baseUrl });
    const { page } = staff;
    page.setDefaultTimeout(PATIENCE_MS);
    await signIn(page, 'content@example.com');
    await page.goto('/admin/products');
    const main = page.getByRole('main');
    await main.getByLabel('Search products').fill(sku);
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByRole('link', { name: `Edit ${sku}` }).click();
    await page.getByRole('heading', { level: 1, name: `Product ${sku}` }).waitFor();

    await page.getByLabel('Name (French)').fill(NAME_FR);
    await page.getByLabel('Price CA$', { exact: true }).fill(PRICE);

    const upload = page.getByLabel('Add a picture (JPEG, PNG or WebP, at most 10 MB)');
    const pictures = page.getByRole('img', { name: new RegExp(`^Picture \\d of \\d of ${sku}$`) });
    // Each picture shows at once with a progress bar, which goes once the server has stored it.
    const add = async (name: string, rgb: [number, number, number], count: number) => {
      await upload.setInputFiles({ name, mimeType: 'image/png', buffer: png(rgb) });
      await expect.poll(() => pictures.count()).toBe(count);
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
    };
    await add('red.png', [200, 0, 0], 1);
    await add('blue.png', [0, 0, 200], 2);
    const order = () =>
      pictures.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    const [red, blue] = await order();

    // Keyboard: the blue picture moves up and keeps the focus.
    await page.getByRole('button', { name: 'Move picture 2 up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('The pictures are in their new order.').waitFor();
    expect(await order()).toEqual([blue, red]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move picture 1 down',
    );

    // The typed fields survived the picture changes.
    expect(await page.getByLabel('Name (French)').inputValue()).toBe(NAME_FR);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The product is saved; the shop shows it now.').waitFor();
    await checkA11y(page, '/admin/products/:sku after an edit');
    staff.expectNoConsoleErrors();
    await staff.context.close();
  });

  it('a French buyer sees the new name, price and pictures on the product page', async () => {
    const buyer = await newPage(browser(), { baseUrl, locale: 'fr-CA' });
    const { page } = buyer;
    page.setDefaultTimeout(PATIENCE_MS);
    await signIn(page, 'buyer2.ca@example.com');
    await openScreen(page, `/description/${sku}/ca`, NAME_FR);
    await expect.poll(() => page.locator('main').innerText()).toContain(PRICE_FR);
    const strip = page.getByRole('list', { name: `Images du produit : ${NAME_FR}` });
    await expect.poll(() => strip.getByRole('button').count()).toBe(2);
    const main = page.getByRole('img', { name: `${NAME_FR}, image 1 sur 2` });
    await main.waitFor();
    await strip.getByRole('button', { name: 'Afficher l’image 2 sur 2' }).click();
    await page.getByRole('img', { name: `${NAME_FR}, image 2 sur 2` }).waitFor();
    await checkA11y(page, 'edited product, French buyer');
    buyer.expectNoConsoleErrors();
    await buyer.context.close();
  });

  it('a guest sees the product without any price', async () => {
    const guest = await newPage(browser(), { baseUrl });
    const { page } = guest;
    page.setDefaultTimeout(PATIENCE_MS);
    await page.goto(`/description/${sku}/ca`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(PRICE);
    expect(text).not.toContain(PRICE_FR);
    expect(text).not.toMatch(ANY_PRICE);
    await checkA11y(page, 'edited product, guest');
    guest.expectNoConsoleErrors();
    await guest.context.close();
  });
});
