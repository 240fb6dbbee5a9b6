import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { readCartAfterWrites } from '@/lib/cart-writes';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { cartKeys } from './keys';

export type CartParams = { userId: number; lang: 'en' | 'fr' | 'es' };

/** GET /api/cart (user_id, lang; the country is the signed-in user's own). */
const getCart = ({ userId, lang }: CartParams) =>
  api.get<CartResponse>('/cart', { params: { user_id: userId, lang } });

/**
 * The one way to read the cart: every reader (the boot prefetch, the header badge, the cart page,
 * refetches and the writes' follow-up reads) goes through this query, whose read waits for the cart
 * writes on their way and is sent again when one overlapped it (lib/cart-writes.ts).
 */
export const cartQuery = (params: CartParams) =>
  queryOptions({
    queryKey: cartKeys.list(params),
    queryFn: ({ client }) => readCartAfterWrites(client, () => getCart(params)),
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
