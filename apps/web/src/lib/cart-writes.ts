import type { QueryClient } from '@tanstack/react-query';

// NOTE: apart from lib/cart-cache.ts (the optimistic lines) because every page's header reads the
// cart through readCartAfterWrites: the entry chunk carries this small module, not the write helpers
// (home route JavaScript budget, docs/product/storefront-ux.md).

/** Per query client: the cart writes on their way to the server, and how many have been sent. */
type CartWrites = { onTheirWay: number; sent: number; settled: Array<() => void> };
const cartWrites = new WeakMap<QueryClient, CartWrites>();

function writesOf(queryClient: QueryClient): CartWrites {
  let writes = cartWrites.get(queryClient);
  if (!writes) {
    writes = { onTheirWay: 0, sent: 0, settled: [] };
    cartWrites.set(queryClient, writes);
  }
  return writes;
}

/**
 * Sends a request that changes the cart on the server (add, quantity, delete, order, re-order,
 * upload). Cart reads meanwhile wait for it (readCartAfterWrites). Wraps the request only, not the
 * mutation's callbacks, which may themselves read the cart again (refreshCarts).
 */
export async function sendCartWrite<T>(
  queryClient: QueryClient,
  send: () => Promise<T>,
): Promise<T> {
  const writes = writesOf(queryClient);
  writes.onTheirWay += 1;
  writes.sent += 1;
  try {
    return await send();
  } finally {
    writes.onTheirWay -= 1;
    if (writes.onTheirWay === 0) for (const resolve of writes.settled.splice(0)) resolve();
  }
}

/**
 * Reads the cart with no write on its way during the read. NOTE: cancelling the reads in flight
 * when a write starts (the optimistic changes, refreshCarts) misses the reads started after that:
 * an observer mounting, a window focus, another write's follow-up refresh. Such a read can be
 * answered from the cart before the write and arrive after the write's own answer, and its cart
 * would then be kept as fresh for 30 s (the quantity box showing the old quantity or gone). So a
 * read waits for the writes on their way, and is sent again when a write was sent meanwhile.
 */
export async function readCartAfterWrites<T>(
  queryClient: QueryClient,
  read: () => Promise<T>,
): Promise<T> {
  const writes = writesOf(queryClient);
  for (;;) {
    while (writes.onTheirWay > 0)
      await new Promise<void>((resolve) => writes.settled.push(resolve));
    const sent = writes.sent;
    const cart = await read();
    if (writes.sent === sent && writes.onTheirWay === 0) return cart;
  }
}
