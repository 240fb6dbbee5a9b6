import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { refreshCarts } from '@/lib/cart-cache';
import { cartWrite } from '@/lib/cart-writes';

/** docs/product/cart-and-orders.md: after a re-order the cart is refetched at once and again after 2 s. */
export const REORDER_REFETCH_MS = 2000;

/** POST /api/re-orders (user_id, order_id): the order's lines go back into the cart at today's prices. */
export const reorder = (userId: number, orderId: number) =>
  api.post<ReorderResponse>(
    '/re-orders',
    { user_id: userId, order_id: orderId },
    { idempotent: true },
  );

export function useReorder() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    ...cartWrite(queryClient, (orderId: number) => reorder(user!.user_value, orderId)),
    onSuccess: () => {
      void refreshCarts(queryClient);
      setTimeout(() => void refreshCarts(queryClient), REORDER_REFETCH_MS);
    },
    onError: (error) => {
      // docs/product/errors-and-constants.md: re-order failures are only logged.
      console.warn('Re-order failed', error);
    },
  });
}
