import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLine, CartResponse, ProductCard } from '@wholesale/contract';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { cartQuery, useCartParams } from './get-cart';

export type AddToCartInput = { product: ProductCard; item: number };

/** POST /api/cart/add?user_id= with {product_id, item}: the server looks up prices. */
export const addToCart = (userId: number, { product, item }: AddToCartInput) =>
  api.post<CartResponse>(
    '/cart/add',
    { product_id: product.product_id, item },
    { params: { user_id: userId } },
  );

/** A placeholder line shown at once (SPEC.md §4), replaced by the server's cart or rolled back. */
export function placeholderLine(product: ProductCard, item: number): CartLine {
  const price =
    product.selling_price_2 && product.selling_price_2 > 0
      ? product.selling_price_2
      : (product.selling_price ?? 0);
  return {
    id: -Date.now(),
    product: product.id,
    product_id: product.product_id,
    name: product.name,
    item,
    price,
    selling_price: product.selling_price ?? 0,
    retail_price: product.retail_price ?? 0,
    ship_pack: product.ship_pac || 1,
    available: product.available ?? 0,
    class: product.class,
    image: product.image,
    selected: true,
    unavailable: false,
    line_total: price * item * (product.ship_pac || 1),
  };
}

/** The cart with `item` more packs of `product`: an existing line grows, otherwise a line is appended (SPEC.md §4). */
export function withAddedLine(
  cart: CartResponse | undefined,
  product: ProductCard,
  item: number,
): CartResponse {
  const base: CartResponse = cart ?? { status: true, products: [], total: 0, count: 0 };
  const existing = base.products.find((l) => l.product === product.id);
  const products = existing
    ? base.products.map((l) => (l === existing ? { ...l, item: l.item + item } : l))
    : [...base.products, placeholderLine(product, item)];
  return { ...base, products, count: products.length };
}

/**
 * Adds ship packs to the cart from a card or the product-group button: optimistic placeholder line,
 * rolled back on failure, toasts 'Added item to the cart' / 'Failed to add to cart' (SPEC.md §8).
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  const { t } = useTranslation('cart');
  return useMutation({
    mutationFn: (input: AddToCartInput) => {
      if (!params) throw new Error(t('signInFirst'));
      return addToCart(params.userId, input);
    },
    onMutate: async ({ product, item }) => {
      if (!params) return { previous: undefined };
      const { queryKey } = cartQuery(params);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<CartResponse>(queryKey);
      queryClient.setQueryData<CartResponse>(queryKey, withAddedLine(previous, product, item));
      return { previous };
    },
    onError: (error, _input, context) => {
      if (params) queryClient.setQueryData(cartQuery(params).queryKey, context?.previous);
      toast.error(error instanceof Error && error.message ? error.message : t('toast.addFailed'));
    },
    onSuccess: (data) => {
      if (params) queryClient.setQueryData(cartQuery(params).queryKey, data);
      if (data.notice?.clamped)
        toast.warning(t('toast.clamped', { quantity: data.notice.quantity }));
      toast.success(t('toast.added'));
    },
  });
}
