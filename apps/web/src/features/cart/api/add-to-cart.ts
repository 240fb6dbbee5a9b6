import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddResponse, ProductCard } from '@wholesale/contract';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { addPlaceholderLines, refreshCarts, withServerLine } from '@/lib/cart-cache';
import { cartWriteScope, sendCartWrite } from '@/lib/cart-writes';
import { cartQuery, useCartParams, type CartParams } from './get-cart';

export type AddToCartInput = { product: ProductCard; item: number };

/**
 * POST /api/cart/add?user_id= with {product_id, item}: the server looks up prices and answers the
 * written line with the cart's total and count.
 */
export const addToCart = ({ userId, lang }: CartParams, { product, item }: AddToCartInput) =>
  api.post<CartAddResponse>(
    '/cart/add',
    { product_id: product.product_id, item },
    // The written line's name in the reader's language, as the cart shows it.
    { params: { user_id: userId, lang }, idempotent: true },
  );

/**
 * Adds ship packs to the cart from a card or the product-group button: optimistic placeholder line,
 * replaced by the server's line (the cart is read again when it no longer adds up), rolled back on failure, toasts 'Added item to the cart' / 'Failed to add to cart' (docs/product/errors-and-constants.md).
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  const { t } = useTranslation('cart');
  return useMutation({
    scope: cartWriteScope,
    mutationFn: (input: AddToCartInput) => {
      if (!params) throw new Error(t('signInFirst'));
      return sendCartWrite(queryClient, () => addToCart(params, input));
    },
    onMutate: async ({ product, item }) => ({
      rollback: await addPlaceholderLines(queryClient, [
        { product_id: product.product_id, item, product },
      ]),
    }),
    meta: { errorToast: 'cart:toast.addFailed' },
    onError: (_error, _input, context) => context?.rollback(),
    onSuccess: (data) => {
      if (params) {
        const { queryKey } = cartQuery(params);
        const { cart, whole } = withServerLine(queryClient.getQueryData(queryKey), data);
        queryClient.setQueryData(queryKey, cart);
        if (!whole) void refreshCarts(queryClient);
      }
      if (data.notice?.clamped)
        toast.warning(t('toast.clamped', { quantity: data.notice.quantity }));
      toast.success(t('toast.added'));
    },
  });
}
