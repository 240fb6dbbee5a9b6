import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pdfText } from '../../test/pdf-text';
import {
  NOW,
  TODAY,
  buyer,
  deleteLists,
  fillCart,
  ids,
  insertLists,
  orderLines,
  staff,
  t,
  useCustomerPricesTestApp,
  type Headers,
  type ListSpec,
} from './customer-prices.test-app';

/*
 * docs/product/cart-and-orders.md "Prices": the customer's price in the cart, at checkout and on
 * every document of the order, and the unhappy paths around it.
 */

useCustomerPricesTestApp();

const reason = (name: string, minPacks: number) => ({
  kind: 'price_list',
  list_name: name,
  assignee: 'customer',
  min_packs: minPacks,
});

/** "Contract": A at 8.00 from the first pack and 6.00 from 5 packs. */
const contract = (entries: Partial<ListSpec> = {}): ListSpec => ({
  name: 'Contract',
  currency: 'CAD',
  active: true,
  assignee: 'customer',
  entries: [
    {
      target: { kind: 'product', productId: ids.A },
      minPacks: 1,
      rule: { kind: 'fixed', unitCents: 800 },
      startsOn: null,
      endsOn: null,
    },
    {
      target: { kind: 'product', productId: ids.A },
      minPacks: 5,
      rule: { kind: 'fixed', unitCents: 600 },
      startsOn: null,
      endsOn: null,
    },
  ],
  ...entries,
});

const emptyCart = (userId: number) =>
  t.handle.db.execute(sql`delete from cart_lines where user_id = ${userId}`);

beforeEach(async () => {
  await deleteLists();
  await emptyCart(buyer.userId);
});
afterEach(() => {
  t.app.clock.now = () => NOW;
});

describe('the cart at the customer’s price', () => {
  it('prices a line by its pack count and says how many more packs reach the next break', async () => {
    await insertLists(buyer.userId, [contract()]);
    const cart = await fillCart(buyer.headers, [['A', 3]]);
    expect(cart.products[0]).toMatchObject({
      price: 8,
      selling_price: 10,
      line_total: 24,
      price_reason: reason('Contract', 1),
      next_break: { min_packs: 5, more_packs: 2, price: 6 },
    });
    expect(cart.total).toBe(24);

    // Two more packs: the add answers the line at the break's price, for all five packs.
    const added = await t.post('/api/cart/add', buyer.headers, { product_id: 'A', item: 2 });
    expect(added.json()).toMatchObject({
      line: { item: 5, price: 6, line_total: 30, price_reason: reason('Contract', 5) },
      total: 30,
    });
    expect(added.json().line.next_break).toBeNull();
  });

  it('keeps the sale and selling prices, with their reason, for products no list targets', async () => {
    await insertLists(buyer.userId, [contract()]);
    const cart = await fillCart(buyer.headers, [
      ['B', 1],
      ['C', 2],
    ]);
    const byCode = Object.fromEntries(
      cart.products.map((l: { product_id: string }) => [l.product_id, l]),
    );
    expect(byCode.B).toMatchObject({
      price: 4.5,
      price_reason: { kind: 'sale' },
      next_break: null,
    });
    expect(byCode.C).toMatchObject({ price: 20, price_reason: { kind: 'selling' } });
  });

  it('never gives a customer a list of another currency', async () => {
    const usBuyer = await t.signIn({ country: 'us' });
    const h: Headers = usBuyer.headers;
    await insertLists(usBuyer.userId, [
      contract(),
      {
        ...contract(),
        name: 'US contract',
        currency: 'USD',
        entries: [{ ...contract().entries[0], rule: { kind: 'fixed', unitCents: 700 } }],
      },
    ]);
    const cart = await fillCart(h, [['A', 1]]);
    expect(cart.products[0]).toMatchObject({ price: 7, price_reason: reason('US contract', 1) });
    // A Canadian customer with only a US list pays the catalogue's price.
    await deleteLists();
    await insertLists(buyer.userId, [{ ...contract(), currency: 'USD' }]);
    const caCart = await fillCart(buyer.headers, [['A', 1]]);
    expect(caCart.products[0]).toMatchObject({ price: 10, price_reason: { kind: 'selling' } });
  });

  it('prices an Opticon upload the same way', async () => {
    await insertLists(buyer.userId, [contract()]);
    const res = await t.post('/api/opticon', buyer.headers, {
      products: [{ code: 'A', quantity: 6 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().products[0]).toMatchObject({
      item: 6,
      price: 6,
      price_reason: reason('Contract', 5),
    });
  });
});

describe('checkout at the customer’s price', () => {
  it('prices the order on the day it is placed: a list that ended since the cart was read no longer applies', async () => {
    await insertLists(buyer.userId, [
      contract({
        entries: contract().entries.map((e) => ({ ...e, endsOn: TODAY })),
      }),
    ]);
    const cart = await fillCart(buyer.headers, [['A', 2]]);
    expect(cart.products[0]).toMatchObject({ price: 8, price_reason: reason('Contract', 1) });

    t.app.clock.now = () => new Date(NOW.getTime() + 86_400_000);
    const placed = await t.post('/api/store/orders', buyer.headers, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().total).toBe(20);
    expect(await orderLines(buyer.headers, placed.json().order_id)).toMatchObject([
      { product_id: 'A', price: 10, line_total: 20, price_reason: { kind: 'selling' } },
    ]);
  });

  it('keeps the reason on the order: its pages, the desk, the PDF, the CSV export and the webhook say the same', async () => {
    const hook = await t.post('/api/admin/webhooks', staff.headers, {
      url: 'http://127.0.0.1:9/erp',
      events: ['order.placed'],
      secret: 'a-very-secret-signing-key',
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await insertLists(buyer.userId, [contract()]);
    await fillCart(buyer.headers, [
      ['A', 5],
      ['B', 1],
    ]);
    const placed = await t.post('/api/store/orders', buyer.headers, { po_number: 'PO-PRICED' });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order_id as number;

    const lines = await orderLines(buyer.headers, id);
    expect(lines).toMatchObject([
      { product_id: 'A', price: 6, selling_price: 10, price_reason: reason('Contract', 5) },
      { product_id: 'B', price: 4.5, selling_price: 5, price_reason: { kind: 'sale' } },
    ]);
    const desk = (await t.get(`/api/admin/orders/${id}`, staff.headers)).json().order;
    expect(desk.lines.map((l: { price_reason: unknown }) => l.price_reason)).toEqual(
      lines.map((l) => l.price_reason),
    );

    const pdf = await t.get(`/api/orders/${id}/pdf`, buyer.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Product A (From 5 ship packs, list Contract)');

    const csv = await t.get(`/api/admin/orders.csv?customer_id=${buyer.userId}`, staff.headers);
    const [header, ...rows] = csv.body.trim().split('\n');
    expect(header.endsWith(',price_lists')).toBe(true);
    expect(rows.find((r) => r.startsWith(`${id},`))?.endsWith(',Contract')).toBe(true);

    const { rows: events } = await t.handle.db.execute<{ body: string }>(
      sql`select body from webhook_deliveries where endpoint_id = ${hook.json().endpoint.id}`,
    );
    const data = events.map((e) => JSON.parse(e.body).data).find((d) => d.order_id === id);
    expect(data.lines).toMatchObject([
      {
        product_id: 'A',
        unit_price_cents: 600,
        price_reason: 'price_list',
        price_list_name: 'Contract',
        price_min_packs: 5,
      },
      { product_id: 'B', unit_price_cents: 450, price_reason: 'sale', price_list_name: null },
    ]);
  });
});
