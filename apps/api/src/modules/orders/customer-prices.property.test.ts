import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  buyerPriceReason,
  fromCents,
  lineNextBreak,
  nextBreak,
  priceFor,
  toCents,
  type PriceEntry,
} from '@wholesale/contract';
import {
  CODES,
  TODAY,
  buyer,
  cats,
  deleteLists,
  fillCart,
  ids,
  insertLists,
  orderLines,
  priced,
  staff,
  t,
  useCustomerPricesTestApp,
  type ListSpec,
} from './customer-prices.test-app';

/*
 * docs/product/cart-and-orders.md "Prices": every write path prices a line with the one pricing
 * engine. For random price lists (the customer's own, a group's, another customer's, of the other
 * currency, inactive, in and out of date) and random carts, the cart line, the order placed from
 * it, the re-order of that order and the phone order staff place from it all cost exactly
 * `priceFor(product, the customer's entries, the line's packs, today)`, with its reason.
 */

useCustomerPricesTestApp();

const day = (offset: number) => {
  const d = new Date(`${TODAY}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** An entry's days (a list's last day is never before its first: the table refuses it). */
const dates = fc
  .tuple(
    fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
    fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
  )
  .map(([a, b]) => {
    const [from, to] = a !== null && b !== null && b < a ? [b, a] : [a, b];
    return { startsOn: from === null ? null : day(from), endsOn: to === null ? null : day(to) };
  });

const entry = () =>
  fc
    .record({
      target: fc.oneof(
        fc
          .constantFrom(...CODES)
          .map((code) => ({ kind: 'product' as const, productId: ids[code] })),
        fc.constantFrom('Acme', 'Bolt').map((brand) => ({ kind: 'brand' as const, brand })),
        fc
          .constantFrom('top', 'sub', 'leaf' as const)
          .map((c) => ({ kind: 'category' as const, categoryId: cats[c] })),
      ),
      minPacks: fc.integer({ min: 1, max: 6 }),
      rule: fc.oneof(
        fc
          .integer({ min: 1, max: 2500 })
          .map((unitCents) => ({ kind: 'fixed' as const, unitCents })),
        fc
          .integer({ min: 1, max: 10_000 })
          .map((basisPoints) => ({ kind: 'percent_off' as const, basisPoints })),
      ),
      dates,
    })
    .map(({ dates: d, ...e }) => ({ ...e, ...d }));

const lists = fc.uniqueArray(
  fc.record({
    name: fc.stringMatching(/^[A-Z][a-z]{2,8}$/),
    currency: fc.constantFrom('CAD', 'CAD', 'CAD', 'USD' as const),
    active: fc.constantFrom(true, true, true, false),
    assignee: fc.constantFrom('customer', 'group', 'group', 'other' as const),
    // One entry per target, pack count and first day in a list (the table's unique key).
    entries: fc.uniqueArray(entry(), {
      minLength: 1,
      maxLength: 4,
      selector: (e) => JSON.stringify([e.target, e.minPacks, e.startsOn]),
    }),
  }),
  { maxLength: 3, selector: (l) => l.name },
);

const cartLines = fc.uniqueArray(
  fc.tuple(fc.constantFrom(...CODES), fc.integer({ min: 1, max: 12 })),
  { minLength: 1, maxLength: 4, selector: ([code]) => code },
);

type Line = { product_id: string; item: number; price: number; price_reason: unknown };

/** What every path must answer for a line: priceFor's unit price and reason. */
function expectPriced(line: Line, entries: PriceEntry[]) {
  const price = priceFor(priced[line.product_id], entries, line.item, TODAY);
  expect({ code: line.product_id, price: line.price, reason: line.price_reason }).toEqual({
    code: line.product_id,
    price: fromCents(price.unitCents),
    reason: buyerPriceReason(price.reason),
  });
  return price;
}

describe('customer prices: every write path equals priceFor', () => {
  it('the cart line, the placed order line, the re-order and the phone order', async () => {
    await fc.assert(
      fc.asyncProperty(lists, cartLines, async (specs, wanted) => {
        await deleteLists();
        await t.handle.db.execute(sql`delete from cart_lines where user_id = ${buyer.userId}`);
        const entries = await insertLists(buyer.userId, specs as ListSpec[]);

        // The cart, as the buyer sees it: each line's price, reason and next break.
        const cart = await fillCart(buyer.headers, wanted);
        expect(cart.products).toHaveLength(wanted.length);
        for (const line of cart.products as Array<Line & { next_break: unknown }>) {
          const price = expectPriced(line, entries);
          expect(line.next_break).toEqual(lineNextBreak(nextBreak(price, line.item)));
        }

        // The buyer's order placed from it.
        const placed = await t.post('/api/store/orders', buyer.headers, {});
        expect(placed.statusCode, placed.body).toBe(200);
        const orderId = placed.json().order_id as number;
        const ordered = await orderLines(buyer.headers, orderId);
        for (const line of ordered) expectPriced(line, entries);
        // The order's total (its credit check and deposit) is the sum of those lines.
        const total = ordered.reduce((sum, l) => sum + toCents(l.line_total), 0);
        expect(toCents(placed.json().total)).toBe(total);

        // The re-order puts the same packs back, at the same prices.
        const again = await t.post('/api/re-orders', buyer.headers, { order_id: orderId });
        expect(again.statusCode, again.body).toBe(200);
        for (const line of again.json().products as Line[]) expectPriced(line, entries);

        // Staff on the phone see and place the same cart at the same prices.
        const phoneCart = await t.get(
          `/api/admin/phone-orders/${buyer.userId}/cart`,
          staff.headers,
        );
        expect(phoneCart.json().products).toEqual(again.json().products);
        const phone = await t.post(`/api/admin/phone-orders/${buyer.userId}`, staff.headers, {});
        expect(phone.statusCode, phone.body).toBe(200);
        for (const line of await orderLines(buyer.headers, phone.json().order_id as number))
          expectPriced(line, entries);
      }),
      { numRuns: 20 },
    );
  }, 300_000);
});
