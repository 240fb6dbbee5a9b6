import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { added, cart, deferred, line, product, watchedCart } from '@/test/shopping';
import {
  addPlaceholderLines,
  cardUnitPrice,
  refreshCarts,
  withAddedLines,
  withServerLine,
} from './cart-cache';
import { cartKeys } from './shopping-keys';

describe('cart cache (docs/product/cart-and-orders.md local cart rules)', () => {
  it('grows an existing line, appends a new one', () => {
    const next = withAddedLines(cart([line()], 60), [
      { product_id: ' PIN-100 ', item: 3 },
      { product_id: 'NEW-1', item: 2, product: { ...product, product_id: 'NEW-1', id: 99 } },
    ]);
    expect(next.products.map((l) => [l.product_id, l.item])).toEqual([
      ['PIN-100', 5],
      ['NEW-1', 2],
    ]);
    expect(next.count).toBe(2);
    expect(next.products[1]).toMatchObject({ price: 2.5, ship_pack: 12, line_total: 60 });
    expect(next.products[1].id).toBeLessThan(0);
  });

  it("prices a placeholder at the customer's own price and the break its packs reach", () => {
    const priced = {
      ...product,
      product_id: 'NEW-2',
      id: 98,
      customer_price: 2,
      price_reason: {
        kind: 'price_list' as const,
        list_name: 'Maison',
        assignee: 'customer' as const,
        min_packs: 1,
      },
      price_breaks: [
        { min_packs: 10, unit_price: 1.5 },
        { min_packs: 25, unit_price: 1 },
      ],
    };
    expect([1, 9, 10, 24, 25, 40].map((packs) => cardUnitPrice(priced, packs))).toEqual([
      2, 2, 1.5, 1.5, 1, 1,
    ]);
    expect(cardUnitPrice(product, 10)).toBe(2.5);
    const next = withAddedLines(cart([], 0), [{ product_id: 'NEW-2', item: 10, product: priced }]);
    expect(next.products[0]).toMatchObject({
      price: 1.5,
      line_total: 1.5 * 10 * 12,
      price_reason: { kind: 'price_list', list_name: 'Maison' },
    });
  });

  it("puts an add's answer in the cart held, and says when the cart must be read again", () => {
    const tape = line({ id: 2, product: 12, product_id: 'TAPE-1', line_total: 40 });
    const held = withAddedLines(cart([tape], 40), [{ product_id: 'PIN-100', item: 1, product }]);
    const pins = line({ id: 9, item: 1, line_total: 30 });
    const next = withServerLine(held, added(pins, 70, 2));
    expect(next.whole).toBe(true);
    expect(next.cart).toEqual(cart([tape, pins], 70));
    // The line the add grew is replaced in place, whatever spaces its code had.
    const grown = withServerLine(
      cart([line({ product_id: ' PIN-100 ' }), tape], 100),
      added(pins, 70, 2),
    );
    expect(grown.cart.products).toEqual([pins, tape]);
    // Another device added a line, or a price changed: the lines held no longer add up.
    expect(withServerLine(held, added(pins, 100, 3)).whole).toBe(false);
    expect(withServerLine(held, added(pins, 71, 2)).whole).toBe(false);
    // An unselected line is not in the total.
    const off = { ...tape, selected: false };
    expect(withServerLine(cart([off], 0), added(pins, 30, 2)).whole).toBe(true);
    expect(withServerLine(undefined, added(pins, 30)).cart).toEqual(cart([pins], 30));
  });

  it('sets aside the placeholder of an add still waiting its turn: the server has not seen it', () => {
    const tape = line({ id: 2, product: 12, product_id: 'TAPE-1', line_total: 40 });
    const waiting = { product_id: 'NEW-1', item: 2, product: { ...product, product_id: 'NEW-1' } };
    const held = withAddedLines(cart([tape], 40), [
      { product_id: 'PIN-100', item: 1, product },
      waiting,
    ]);
    const pins = line({ id: 9, item: 1, line_total: 30 });
    const next = withServerLine(held, added(pins, 70, 2));
    expect(next.whole).toBe(true);
    expect(next.cart.products.map((l) => l.product_id)).toEqual(['TAPE-1', 'PIN-100', 'NEW-1']);
    // A line from elsewhere still shows.
    expect(withServerLine(held, added(pins, 100, 3)).whole).toBe(false);
  });

  it('shows placeholders in every cached cart and rolls them back', async () => {
    const qc = new QueryClient();
    const key = cartKeys.list({ userId: 7, lang: 'en' });
    qc.setQueryData(key, cart([], 0));
    const rollback = await addPlaceholderLines(qc, [{ product_id: 'A', item: 1 }]);
    expect(qc.getQueryData<ReturnType<typeof cart>>(key)?.count).toBe(1);
    rollback();
    expect(qc.getQueryData<ReturnType<typeof cart>>(key)?.count).toBe(0);
  });

  it('leaves the checkout choices loading (they share the cart prefix)', async () => {
    const qc = new QueryClient();
    const checkoutKey = cartKeys.key('checkout', 7);
    const answer = deferred<string>();
    const loading = qc.fetchQuery({ queryKey: checkoutKey, queryFn: () => answer.promise });
    await addPlaceholderLines(qc, [{ product_id: 'A', item: 1 }]);
    answer.resolve('choices');
    await expect(loading).resolves.toBe('choices');
    expect(qc.getQueryData(checkoutKey)).toBe('choices');
  });

  it('after a write, reads the cart again instead of keeping a first read sent before it', async () => {
    // The boot prefetch asked for the cart; a write (an Opticon upload, a re-order) is answered
    // before that read is: the read's answer is the cart without the write.
    const { qc, key, firstRead, reads, unsubscribe } = watchedCart();
    const refreshed = refreshCarts(qc);
    firstRead.resolve(cart([], 0));
    await refreshed;
    expect(reads()).toBe(2);
    expect(qc.getQueryData<ReturnType<typeof cart>>(key)?.count).toBe(1);
    unsubscribe();
  });
});
