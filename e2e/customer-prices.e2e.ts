import { formatMoney } from '@wholesale/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categories, listingPathOf } from './support/catalogue';
import { checkA11y, newPage, PHONE, signedInPage } from './support/browser';
import { apiCall, apiSignIn, FRENCH_BUYER, type ApiSession } from './support/demo-accounts';
import { browserForFile } from './support/journey';

// Customer prices in the browser (docs/product/pricing.md "What the buyer sees"): content staff give
// the English demo buyer an own list (a fixed price for one product and a cheaper 10-pack break) and
// put the French demo buyer in a group whose list takes 15 % off the product's brand. Each sees their
// own price, the struck selling price, why and the breaks, on the product page and the listing
// card; a guest sees no price on the same pages; the English buyer's cart hints at the next break.
// The last journey removes the lists, the group and the cart line (afterAll does when a journey
// failed first) and checks the buyer is priced at the selling price again: other journeys sign in
// as these buyers on the same server and read the same catalogue.
const baseUrl = inject('baseUrl');
const stamp = Date.now().toString(36);
const OWN_LIST = `Contract ${stamp}`;
const GROUP_LIST = `Groupe ${stamp}`;
const BUYER_A = 'buyer.ca@example.com';
const browser = browserForFile();

type Card = {
  product_id: string;
  brand: string | null;
  class: string;
  available?: number;
  selling_price?: number;
  selling_price_2?: number | null;
};
type Cart = { products: Array<{ id: number; product_id: string; item: number }> };

/** The product of the journey, its listing and the prices each buyer must see, in cents. */
type Priced = {
  sku: string;
  brand: string;
  listing: string;
  listingName: string;
  listingCode: string;
  sellingCents: number;
  ownCents: number;
  breakCents: number;
  groupCents: number;
};

/** Text with every run of spaces (French money has narrow no-break ones) as one plain space. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const en = (cents: number) => plain(formatMoney('en', 'ca')(cents));
const fr = (cents: number) => plain(formatMoney('fr', 'ca')(cents));

/**
 * A product of a listing's first page with a brand, in stock, without a second selling price and
 * dear enough for a fixed price, a cheaper break and a share off to all differ; not the product
 * the price-lists journey prices for the French buyer (the first of the staff product list), nor
 * one already in the buyer's cart: journeys run in an order vitest chooses, and an earlier one may
 * have left a line there, which the cart journey below must add afresh at one pack.
 */
async function pickProduct(buyer: ApiSession, staff: ApiSession): Promise<Priced> {
  const taken = await apiCall<{ data: Array<{ sku: string }> }>(
    staff,
    'GET',
    '/api/admin/products?per_page=1',
  );
  const inCart = await apiCall<Cart>(buyer, 'GET', `/api/cart?user_id=${buyer.userId}`);
  const avoid = new Set([
    ...taken.data.map((p) => p.sku),
    ...inCart.products.map((l) => l.product_id),
  ]);
  for (const c of await categories(baseUrl)) {
    if (c.name === 'Zippers' || c.name === 'Promotions') continue;
    const query = new URLSearchParams({ name: c.name, category: c.cat_code, pagination: '25' });
    const listing = await apiCall<{ products: { data: Card[] } }>(
      buyer,
      'GET',
      `/api/cadProducts?${query}`,
    );
    // The first few cards: the listing page shows them whatever its page size.
    const found = listing.products.data
      .slice(0, 6)
      .find(
        (p) =>
          !avoid.has(p.product_id) &&
          p.brand &&
          p.class !== 'N' &&
          (p.available ?? 0) >= 5 &&
          p.selling_price_2 == null &&
          (p.selling_price ?? 0) >= 0.4,
      );
    if (!found) continue;
    const sellingCents = Math.round(found.selling_price! * 100);
    return {
      sku: found.product_id,
      brand: found.brand!,
      listing: listingPathOf(c),
      listingName: c.name,
      listingCode: c.cat_code,
      sellingCents,
      ownCents: Math.floor(sellingCents / 2),
      breakCents: Math.floor(sellingCents / 4),
      groupCents: Math.round((sellingCents * 8_500) / 10_000),
    };
  }
  throw new Error('no branded product in stock without a sale in the demo catalogue');
}

/** The product page's "Your price" details (label, figures, reason) and its volume prices. */
async function productPrice(page: Page, sku: string, yourPrice: string, breaks: string) {
  await page.goto(`/description/${encodeURIComponent(sku)}/ca`);
  const details = page.getByRole('definition').filter({ has: page.locator('s') });
  await page.getByRole('term').filter({ hasText: yourPrice }).waitFor();
  await details.first().waitFor();
  const breakList = page.getByRole('list', { name: breaks });
  return {
    details: plain(await details.first().innerText()),
    breaks: (await breakList.count())
      ? (await breakList.getByRole('listitem').allInnerTexts()).map(plain)
      : [],
  };
}

/**
 * What of a price block does not fit a phone's window: wider than its own box (text cut off or
 * scrolled), or reaching past either side of the window. Nothing: an empty list.
 */
async function overflowOf(block: Locator, label: string): Promise<string[]> {
  await block.scrollIntoViewIfNeeded();
  return block.evaluate((el, name) => {
    const box = el.getBoundingClientRect();
    const out: string[] = [];
    if (el.scrollWidth > el.clientWidth + 1)
      out.push(`${name}: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    if (box.left < 0 || box.right > window.innerWidth + 0.5)
      out.push(
        `${name}: ${Math.round(box.left)}–${Math.round(box.right)} px, window ${window.innerWidth}`,
      );
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`page: ${document.documentElement.scrollWidth} px wide`);
    return out;
  }, label);
}

/** Whether two boxes share a line (their vertical extents overlap). */
async function sameLine(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return !!x && !!y && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe('customer prices in the browser', () => {
  let staff: ApiSession;
  let buyerA: ApiSession;
  let product: Priced;
  const listIds: number[] = [];
  let groupId = 0;
  let cartLineId = 0;

  beforeAll(async () => {
    staff = await apiSignIn(baseUrl, 'content@example.com');
    buyerA = await apiSignIn(baseUrl, BUYER_A);
    product = await pickProduct(buyerA, staff);
    const found = await apiCall<{ customers: Array<{ customer_code: string | null }> }>(
      staff,
      'GET',
      `/api/admin/pricing/customers?q=${encodeURIComponent(BUYER_A)}`,
    );
    const codeA = found.customers[0]?.customer_code;
    expect(codeA, `customer code of ${BUYER_A}`).toBeTruthy();

    const own = await apiCall<{ id: number }>(staff, 'POST', '/api/admin/price-lists', {
      name: OWN_LIST,
      currency: 'CAD',
    });
    listIds.push(own.id);
    const entries = `/api/admin/price-lists/${own.id}/entries`;
    await apiCall(staff, 'POST', entries, {
      target: 'product',
      code: product.sku,
      kind: 'fixed',
      unit_cents: product.ownCents,
    });
    await apiCall(staff, 'POST', entries, {
      target: 'product',
      code: product.sku,
      min_packs: 10,
      kind: 'fixed',
      unit_cents: product.breakCents,
    });
    await apiCall(staff, 'POST', `/api/admin/price-lists/${own.id}/assignments`, {
      customer_code: codeA,
    });

    const group = await apiCall<{ id: number }>(staff, 'POST', '/api/admin/customer-groups', {
      name: `Buyers ${stamp}`,
    });
    groupId = group.id;
    await apiCall(staff, 'POST', `/api/admin/customer-groups/${groupId}/members`, {
      customer_code: FRENCH_BUYER.code,
    });
    const groupList = await apiCall<{ id: number }>(staff, 'POST', '/api/admin/price-lists', {
      name: GROUP_LIST,
      currency: 'CAD',
    });
    listIds.push(groupList.id);
    await apiCall(staff, 'POST', `/api/admin/price-lists/${groupList.id}/entries`, {
      target: 'brand',
      code: product.brand,
      kind: 'percent_off',
      basis_points: 1_500,
    });
    await apiCall(staff, 'POST', `/api/admin/price-lists/${groupList.id}/assignments`, {
      group_id: groupId,
    });
  });

  /** Takes back what the journey set up; run once, by the last journey or else after a failure. */
  async function removeSetup() {
    if (cartLineId)
      await apiCall(buyerA, 'DELETE', `/api/cart/delete?user_id=${buyerA.userId}&id=${cartLineId}`);
    cartLineId = 0;
    for (const id of listIds.splice(0))
      await apiCall(staff, 'DELETE', `/api/admin/price-lists/${id}`);
    if (groupId) await apiCall(staff, 'DELETE', `/api/admin/customer-groups/${groupId}`);
    groupId = 0;
  }
  afterAll(removeSetup);

  it("buyer A's product page and card show the contract price, the struck selling price and the 10-pack break", async () => {
    const { page, expectNoConsoleErrors } = await signedInPage(browser(), BUYER_A, { baseUrl });
    const shown = await productPrice(page, product.sku, 'Your price', 'Volume prices');
    expect(shown.details).toBe(
      `${en(product.sellingCents)} ${en(product.ownCents)} Contract price, list ${OWN_LIST}`,
    );
    expect(shown.breaks).toEqual([`10+ ship packs: ${en(product.breakCents)}`]);
    await checkA11y(page, 'product page with a contract price');

    await page.goto(product.listing);
    const card = page.getByRole('article', { name: product.sku, exact: true });
    await card.getByText('Your price').waitFor();
    expect(plain(await card.locator('s').innerText())).toBe(en(product.sellingCents));
    expect(plain(await card.locator('strong').first().innerText())).toBe(en(product.ownCents));
    await card.getByText(`Contract price, list ${OWN_LIST}`, { exact: true }).waitFor();
    const cardBreaks = card.getByRole('list', { name: 'Volume prices' }).getByRole('listitem');
    expect((await cardBreaks.allInnerTexts()).map(plain)).toEqual([
      `10+ ship packs: ${en(product.breakCents)}`,
    ]);
    expectNoConsoleErrors();
    await page.context().close();
  });

  it("buyer B (French, in the group) sees the group's 15 % off the brand, no break, on the page and the card", async () => {
    const { page, expectNoConsoleErrors } = await signedInPage(browser(), FRENCH_BUYER.email, {
      baseUrl,
      locale: 'fr-CA',
    });
    const shown = await productPrice(page, product.sku, 'Votre prix', 'Prix par quantité');
    expect(product.groupCents).not.toBe(product.ownCents);
    expect(shown.details).toBe(
      `${fr(product.sellingCents)} ${fr(product.groupCents)} Prix ${GROUP_LIST}`,
    );
    expect(shown.breaks).toEqual([]);

    await page.goto(product.listing);
    const card = page.getByRole('article', { name: product.sku, exact: true });
    await card.getByText('Votre prix').waitFor();
    expect(plain(await card.locator('s').innerText())).toBe(fr(product.sellingCents));
    expect(plain(await card.locator('strong').first().innerText())).toBe(fr(product.groupCents));
    await card.getByText(`Prix ${GROUP_LIST}`, { exact: true }).waitFor();
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('a guest sees no price on the same product page and card', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await page.goto(`/description/${encodeURIComponent(product.sku)}/ca`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(product.sku, { exact: true }).first().waitFor();
    const main = page.getByRole('main');
    await expect(main.getByText(/Your price|List price|CA\$/).count()).resolves.toBe(0);

    await page.goto(product.listing);
    const card = page.getByRole('article', { name: product.sku, exact: true });
    await card.waitFor();
    await expect(card.innerText()).resolves.not.toMatch(/Your price|List price|\$/);
    await expect(card.locator('s').count()).resolves.toBe(0);
    expectNoConsoleErrors();
    await page.context().close();
  });

  it("buyer A's cart line at one pack says how many more packs reach the 10-pack price", async () => {
    const before = await apiCall<Cart>(buyerA, 'GET', `/api/cart?user_id=${buyerA.userId}`);
    expect(
      before.products.some((l) => l.product_id === product.sku),
      'the product is not in the cart yet',
    ).toBe(false);
    const added = await apiCall<{ line: Cart['products'][number] }>(
      buyerA,
      'POST',
      '/api/cart/add',
      {
        product_id: product.sku,
        item: 1,
        user_id: buyerA.userId,
      },
    );
    const { line } = added;
    expect(line.product_id).toBe(product.sku);
    cartLineId = line.id;
    expect(line.item).toBe(1);

    const { page, expectNoConsoleErrors } = await signedInPage(browser(), BUYER_A, { baseUrl });
    await page.goto('/cart');
    await page
      .getByText(`9 more ship packs for ${en(product.breakCents)} each`, { exact: true })
      .waitFor();
    await page.getByText(`Contract price, list ${OWN_LIST}`, { exact: true }).first().waitFor();
    expectNoConsoleErrors();
    await page.context().close();
  });

  it("at 390 px buyer A's price blocks fit: the card, the product page's prices and the cart's next break", async () => {
    const { page, expectNoConsoleErrors } = await signedInPage(browser(), BUYER_A, {
      baseUrl,
      viewport: PHONE,
    });
    const problems: string[] = [];

    await page.goto(product.listing);
    const card = page.getByRole('article', { name: product.sku, exact: true });
    await card.getByText('Your price').waitFor();
    const prices = card.locator('p').filter({ hasText: 'Your price' });
    problems.push(...(await overflowOf(card, 'card')));
    problems.push(...(await overflowOf(prices, 'card prices')));
    problems.push(
      ...(await overflowOf(card.getByRole('list', { name: 'Volume prices' }), 'card breaks')),
    );
    // The struck selling price wraps with the buyer's own, never alone beside "Your price".
    expect(await sameLine(card.locator('s'), card.locator('strong').first())).toBe(true);

    await page.goto(`/description/${encodeURIComponent(product.sku)}/ca`);
    await page.getByRole('term').filter({ hasText: 'Your price' }).waitFor();
    const details = page.getByRole('definition').filter({ has: page.locator('s') });
    problems.push(...(await overflowOf(details, 'product page price')));
    problems.push(
      ...(await overflowOf(page.getByRole('list', { name: 'Volume prices' }), 'product breaks')),
    );

    await page.goto('/cart');
    const next = page.getByText(`9 more ship packs for ${en(product.breakCents)} each`, {
      exact: true,
    });
    await next.waitFor();
    problems.push(...(await overflowOf(next, 'cart next break')));
    problems.push(
      ...(await overflowOf(page.getByRole('cell').filter({ has: next }), 'cart price cell')),
    );
    expect(problems).toEqual([]);
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('once the lists are deleted buyer A is priced at the selling price again, without a break', async () => {
    await removeSetup();
    const query = new URLSearchParams({
      name: product.listingName,
      category: product.listingCode,
      pagination: '25',
    });
    const listing = await apiCall<{
      products: { data: Array<Card & { customer_price?: number; price_breaks?: unknown[] }> };
    }>(buyerA, 'GET', `/api/cadProducts?${query}`);
    const card = listing.products.data.find((p) => p.product_id === product.sku);
    expect(card?.selling_price).toBe(product.sellingCents / 100);
    expect(card?.customer_price).toBeUndefined();
    expect(card?.price_breaks ?? []).toEqual([]);
  });
});
