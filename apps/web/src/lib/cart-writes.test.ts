import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { cart, deferred, line } from '@/test/shopping';
import { sendCartWrite } from './cart-writes';
import { cartKeys } from './shopping-keys';

/** A watched cart query whose first read answers when the test says so, later reads at once. */
function watchedCart() {
  const qc = new QueryClient();
  const key = cartKeys.list({ userId: 7, lang: 'en' });
  const firstRead = deferred<ReturnType<typeof cart>>();
  let reads = 0;
  const observer = new QueryObserver(qc, {
    queryKey: key,
    queryFn: () => (++reads === 1 ? firstRead.promise : Promise.resolve(cart([line()], 60))),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { qc, key, firstRead, reads: () => reads, unsubscribe };
}

describe('sendCartWrite (lib/cart-writes.ts)', () => {
  it('cancels the cart read in flight once the write is answered: its older cart is never kept', async () => {
    const { qc, key, firstRead, reads, unsubscribe } = watchedCart();
    // The first read (a boot prefetch) is on its way when the write is sent.
    expect(qc.isFetching({ queryKey: key })).toBe(1);
    await expect(sendCartWrite(qc, () => Promise.resolve('written'))).resolves.toBe('written');
    expect(qc.isFetching({ queryKey: key })).toBe(0);
    // The write's own answer goes in (the mutation's onSuccess); the late read changes nothing.
    qc.setQueryData(key, cart([line()], 60));
    firstRead.resolve(cart([], 0));
    await firstRead.promise;
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(qc.getQueryData<ReturnType<typeof cart>>(key)?.count).toBe(1);
    expect(reads()).toBe(1);
    unsubscribe();
  });

  it('reads the cart again after a write that failed (it may have been written)', async () => {
    const { qc, key, firstRead, reads, unsubscribe } = watchedCart();
    firstRead.resolve(cart([], 0));
    await firstRead.promise;
    await expect(
      sendCartWrite(qc, () => Promise.reject(new Error('network failure'))),
    ).rejects.toThrow('network failure');
    await expect.poll(() => qc.getQueryData<ReturnType<typeof cart>>(key)?.count).toBe(1);
    expect(reads()).toBe(2);
    unsubscribe();
  });
});
