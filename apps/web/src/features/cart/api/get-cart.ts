import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { cartKeys } from './keys';

export type CartParams = { userId: number; lang: 'en' | 'fr' | 'es' };

/** GET /api/cart (user_id, lang; the country is the signed-in user's own). */
const getCart = ({ userId, lang }: CartParams) =>
  api.get<CartResponse>('/cart', { params: { user_id: userId, lang } });

/**
 * The one way to read the cart: every reader (the boot prefetch, the header badge, the cart page,
 * refetches and the writes' follow-up reads) goes through this query. A read in flight when a cart
 * write is answered is cancelled (lib/cart-writes.ts sendCartWrite), so an answer read before the
 * write never replaces the write's.
 */
export const cartQuery = (params: CartParams) =>
  queryOptions({
    queryKey: cartKeys.list(params),
    queryFn: () => getCart(params),
  });

/** The params of the signed-in user's cart query, or null for guests. */
export function useCartParams(): CartParams | null {
  const { user } = useSession();
  const { apiLang } = useLanguage();
  return user ? { userId: user.user_value, lang: apiLang } : null;
}

/** The signed-in user's cart; disabled (no data) for guests, whose cart count is zero (docs/product/cart-and-orders.md). */
export function useCart() {
  const params = useCartParams();
  return useQuery({ ...cartQuery(params ?? { userId: 0, lang: 'en' }), enabled: params !== null });
}
