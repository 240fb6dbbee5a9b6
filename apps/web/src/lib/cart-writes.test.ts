import { describe, expect, it, vi } from 'vitest';
import { cart, line, watchedCart } from '@/test/shopping';
import { sendCartWrite } from './cart-writes';

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
