import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, firstRead, newPage, PHONE, signIn } from './support/browser';
import { browserForFile } from './support/journey';
import { someListingPath } from './support/catalogue';

// Cart and order journeys: favourite a product and see the badge; add from a listing, change the quantity
// in the cart, place an order with a PO number, find it in history, open the print view, re-order
// it; upload an Opticon file with one unknown code and see it reported.
const baseUrl = inject('baseUrl');
// The US buyer: the accounts journeys sign the Canadian buyers in and out, so this journey keeps to its own account.
const EMAIL = 'buyer.us@example.com';
const browser = browserForFile();

/** Product thumbnails without a file answer 404, which Chromium logs; they are not this journey's subject. */
function expectNoErrorsButImages(errors: string[]): void {
  expect(
    errors.filter((e) => !(e.includes('Failed to load resource') && e.includes('/images/'))),
  ).toEqual([]);
}

async function badgeCount(page: Page, name: 'Favourites' | 'Cart'): Promise<number> {
  const label = await page
    .getByRole('link', { name: new RegExp(`^${name}, \\d+ items?$`) })
    .first()
    .getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1] ?? NaN);
}

describe('cart and orders journeys', () => {
  it('favourites, cart, order with PO number, history, print view, re-order', async () => {
    const { page, errors } = await newPage(browser(), { baseUrl });
    await signIn(page, EMAIL);

    // Start from an empty cart.
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Shopping cart' }).waitFor();
    const empty = page.getByRole('button', { name: 'Empty the cart' });
    // The heading shows while the cart still loads: look once the lines or the empty cart are drawn.
    await empty.or(page.getByText('Your cart is empty.')).first().waitFor();
    if (await empty.isVisible()) {
      await empty.click();
      await page
        .getByRole('alertdialog', { name: 'Remove every item from your cart?' })
        .getByRole('button', { name: 'Empty the cart' })
        .click();
      await page.getByText('Your cart is empty.').first().waitFor();
    }

    // Favourite a product on a listing and see the badge count grow. Hearts show unpressed until the
    // favourites list has arrived, and the listing can draw before it: choose once it has, then click
    // the heart of the product whose name was read (a `.first()` locator is resolved again at the
    // click, and may by then be another card's).
    const path = await someListingPath(baseUrl);
    const favourites = await firstRead<{ products: { total: number } }>(page, '/api/favorite', () =>
      page.goto(path),
    );
    // The badge and the hearts draw from the same answer: once the badge counts it, so do the hearts.
    await expect.poll(() => badgeCount(page, 'Favourites')).toBe(favourites.products.total);
    const firstHeart = page.getByRole('button', { name: /^Favourite: /, pressed: false }).first();
    await firstHeart.waitFor();
    const favBefore = await badgeCount(page, 'Favourites');
    // Its card by SKU (the article's name): two products of the demo catalogue can share a name.
    const sku = await firstHeart.evaluate((heart) => {
      const label = heart.closest('article')?.getAttribute('aria-labelledby');
      return (label && document.getElementById(label)?.textContent?.trim()) || '';
    });
    expect(sku).not.toBe('');
    const heartOf = (pressed: boolean) =>
      page
        .getByRole('article', { name: sku, exact: true })
        .getByRole('button', { name: /^Favourite: /, pressed });
    await heartOf(false).click();
    await page.getByText('Product is added to favourites').first().waitFor();
    await expect.poll(() => badgeCount(page, 'Favourites')).toBe(favBefore + 1);
    const listing = page.url();
    await page
      .getByRole('link', { name: /^Favourites, \d+ items?$/ })
      .first()
      .click();
    await page.waitForURL('**/favourite-view');
    await page.getByRole('heading', { name: 'My favourites' }).waitFor();
    await heartOf(true).waitFor();
    await checkA11y(page, '/favourite-view');
    await page.goto(listing);

    // Add from the listing: the cart badge counts the new line.
    const firstAdd = page
      .getByRole('button', { name: /^Add .+ to the cart$/, disabled: false })
      .first();
    await firstAdd.waitFor();
    const productName = /^Add (.+) to the cart$/.exec(
      (await firstAdd.getAttribute('aria-label')) ?? '',
    )![1];
    // The product whose name was read: the cards' add controls come in their own chunk, so which
    // button is the first enabled one can change between reading it and clicking it.
    await page.getByRole('button', { name: `Add ${productName} to the cart`, exact: true }).click();
    await page.getByText('Added item to the cart').first().waitFor();
    await expect.poll(() => badgeCount(page, 'Cart')).toBe(1);

    // Change the quantity in the cart.
    await page.getByRole('link', { name: 'Cart, 1 item' }).first().click();
    await page.waitForURL('**/cart');
    // In the cart's lines: the listing's cards have boxes with the same name, and the listing stays
    // on screen while the cart page's code and words load after the address has changed.
    const row = page.getByTestId(/^cart-line-/).first();
    const qty = row.getByLabel(`Quantity of ${productName} in ship packs`);
    await qty.waitFor();
    const code = ((await row.getAttribute('data-testid')) ?? '').replace('cart-line-', '');
    const changed = page.waitForResponse(
      (r) => r.url().includes('/api/add/item') && r.status() === 200,
    );
    await qty.fill('2');
    await qty.press('Enter');
    await changed;
    await expect.poll(() => qty.inputValue()).toBe('2');
    await checkA11y(page, '/cart');

    // Place the order with a PO number.
    const po = `PO-E2E-${Date.now() % 100000}`;
    await page.getByLabel('PO number').fill(po);
    await page.getByLabel('Order comment').fill('Deliver to the back door');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL('**/order-confirm?order_id=*');
    const orderId = Number(new URL(page.url()).searchParams.get('order_id'));
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await page.getByText(`Your order #${orderId} has been received.`).waitFor();
    await expect.poll(() => badgeCount(page, 'Cart')).toBe(0);

    // Find it in the order history, newest first.
    await page.goto('/order');
    await page.getByRole('heading', { name: 'Order history' }).waitFor();
    const historyRow = page.getByTestId(`order-row-${orderId}`);
    await historyRow.getByText(po).waitFor();
    expect(
      await page
        .getByTestId(/^order-row-/)
        .first()
        .getAttribute('data-testid'),
    ).toBe(`order-row-${orderId}`);
    await checkA11y(page, '/order');
    await historyRow.getByRole('link', { name: `#${orderId}` }).click();
    await page.waitForURL(`**/orderdetails/${orderId}`);
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await page
      .getByRole('cell', { name: new RegExp(code) })
      .first()
      .waitFor();
    await checkA11y(page, '/orderdetails');

    // The PDF is a real PDF.
    const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await page.evaluate(async (href) => {
      const r = await fetch(href!, { credentials: 'same-origin' });
      return {
        status: r.status,
        type: r.headers.get('content-type'),
        head: (await r.text()).slice(0, 5),
      };
    }, pdfHref);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    // The printable view.
    await page.getByRole('link', { name: 'Print view' }).click();
    await page.waitForURL(`**/print-order?order_id=${orderId}`);
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await page.getByText(`PO number: ${po}`).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();

    // Re-order: the line goes back into the cart.
    await page.goto(`/orderdetails/${orderId}`);
    await page.getByRole('button', { name: `Re-order order #${orderId}` }).click();
    await page.getByText('1 line was added to your cart.').waitFor();
    await expect.poll(() => badgeCount(page, 'Cart')).toBe(1);

    // Phone layout of the cart still works.
    await page.setViewportSize(PHONE);
    await page.goto('/cart');
    await page.getByLabel(`Quantity of ${productName} in ship packs`).waitFor();
    expectNoErrorsButImages(errors);
  });

  it('uploads an Opticon file and reports the unknown code', async () => {
    const { page, errors } = await newPage(browser(), { baseUrl });
    await signIn(page, EMAIL);
    // A product id the buyer can order, read as a person would: from the quick-order suggestions.
    await page.goto('/opticon');
    await page.getByRole('heading', { name: 'Opticon Upload' }).waitFor();
    await checkA11y(page, '/opticon');
    const suggestion = await page.evaluate(async () => {
      const r = await fetch('/api/quick-order/suggest?q=a&lang=en', { credentials: 'same-origin' });
      return (
        (await r.json()) as { data: Array<{ product_id: string; unavailable: boolean }> }
      ).data.find((s) => !s.unavailable);
    });
    const known = suggestion?.product_id ?? 'UNKNOWN';
    const file = `${known}\n${known}\nNO-SUCH-CODE-123,3,2025/11/22,10:15:00\n`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'scanner.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    const preview = page.getByTestId('opticon-preview');
    await preview.getByRole('cell', { name: 'Unknown code' }).waitFor();
    await preview.getByRole('cell', { name: 'NO-SUCH-CODE-123' }).waitFor();
    await page.getByRole('button', { name: 'Add 2 lines to the cart' }).click();
    const results = page.getByTestId('opticon-results');
    await results.waitFor();
    await expect.poll(() => results.locator('tr[data-status="unknown"]').count()).toBe(1);
    await results.getByRole('cell', { name: 'NO-SUCH-CODE-123' }).waitFor();
    expect(
      await results.locator('tr[data-status="added"], tr[data-status="clamped"]').count(),
    ).toBe(1);
    await checkA11y(page, '/opticon results');
    expectNoErrorsButImages(errors);
  });
});
