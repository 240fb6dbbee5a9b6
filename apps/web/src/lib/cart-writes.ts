import type { QueryClient } from '@tanstack/react-query';
import { refreshCarts } from './cart-cache';
import { cartKeys } from './shopping-keys';

/**
 * The mutation scope of every request that changes the cart on the server (add, quantity,
 * delete, order, re-order, group add, Opticon upload): TanStack Query sends the writes of one
 * scope one at a time, in the order they were made, each after the one before has been answered
 * and its callbacks have run. So an answer's total and count already hold this page's earlier
 * writes. Optimistic steps (`onMutate`) still run at once.
 */
export const cartWriteScope = { id: 'cart' };

/**
 * Sends a cart write (inside a mutation of `cartWriteScope`). Once it is answered, cancels the cart
 * reads in flight before the mutation's callbacks put its answer in or read the cart again. NOTE: a
 * read in flight at that moment may have been read by the server before the write (a boot
 * prefetch, an observer mounting, a window focus, another write's follow-up read sent while this
 * one was on its way); kept, its older cart would replace the write's answer and stay fresh for
 * 30 s. Any read sent after this point sees the write. A write that failed may still have been
 * written (the answer lost on the way): the cart is read again, cancelling those reads too.
 */
export async function sendCartWrite<T>(
  queryClient: QueryClient,
  send: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await send();
  } catch (error) {
    void refreshCarts(queryClient);
    throw error;
  }
  await queryClient.cancelQueries({ queryKey: cartKeys.lists() });
  return answer;
}

/**
 * The options of a mutation that makes one cart write: in `cartWriteScope`, sent through
 * `sendCartWrite`. The mutation adds its own callbacks.
 */
export const cartWrite = <T, V>(queryClient: QueryClient, send: (variables: V) => Promise<T>) => ({
  scope: cartWriteScope,
  mutationFn: (variables: V) => sendCartWrite(queryClient, () => send(variables)),
});
