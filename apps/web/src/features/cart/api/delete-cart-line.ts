import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { refreshCarts } from '@/lib/cart-cache';
import { cartWrite } from '@/lib/cart-writes';
import { useCartParams, type CartParams } from './get-cart';

/** docs/product/cart-and-orders.md: after a cart delete the cart is refetched at once and again after 1.5 s. */
export const CART_DELETE_REFETCH_MS = 1500;

/** DELETE /api/cart/delete (id, user_id, lang: the answer's names in the reader's language). */
export const deleteCartLine = ({ userId, lang }: CartParams, id: number) =>
  api.delete<CartResponse>('/cart/delete', {
    params: { id, user_id: userId, lang },
    idempotent: true,
  });

/** DELETE /api/cart-delete-all (user_id, lang). */
export const emptyCart = ({ userId, lang }: CartParams) =>
  api.delete<CartResponse>('/cart-delete-all', {
    params: { user_id: userId, lang },
    idempotent: true,
  });

/**
 * Removes a line (or, with id 'all', every line). Failures are only logged (docs/product/errors-and-constants.md); the cart
 * refetches at once and, when the answer's status is true, again after 1.5 s (docs/product/cart-and-orders.md).
 */
export function useDeleteCartLine() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  return useMutation({
    ...cartWrite(queryClient, (id: number | 'all') =>
      id === 'all' ? emptyCart(params!) : deleteCartLine(params!, id),
    ),
    onSuccess: (data) => {
      void refreshCarts(queryClient);
      if (data.status === true) {
        setTimeout(() => void refreshCarts(queryClient), CART_DELETE_REFETCH_MS);
      }
    },
    onError: (error) => {
      console.warn('Cart delete failed', error);
      void refreshCarts(queryClient);
    },
  });
}
