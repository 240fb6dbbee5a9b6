import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cart, deferred, line, product } from '@/test/shopping';
import { addPlaceholderLines, refreshCarts, withAddedLines } from './cart-cache';
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
    const qc = new QueryClient();
    const key = cartKeys.list({ userId: 7, lang: 'en' });
    const beforeWrite = deferred<ReturnType<typeof cart>>();
    let reads = 0;
    const observer = new QueryObserver(qc, {
      queryKey: key,
      queryFn: () => (++reads === 1 ? beforeWrite.promise : Promise.resolve(cart([line()], 60))),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const refreshed = refreshCarts(qc);
    beforeWrite.resolve(cart([], 0));
    await refreshed;
    expect(reads).toBe(2);
    expect(qc.getQueryData<ReturnType<typeof cart>>(key)?.count).toBe(1);
    unsubscribe();
  });
});
