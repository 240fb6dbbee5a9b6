import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cartKeys } from './keys';

/** GET /api/checkout: the account's ship-to addresses, payment terms, opening minimum, earliest ship date. */
export const getCheckout = () => api.get<CheckoutResponse>('/checkout');

export const checkoutQuery = (userId: number) =>
  queryOptions({ queryKey: cartKeys.key('checkout', userId), queryFn: getCheckout });

/** The signed-in buyer's checkout choices; disabled for guests. */
export function useCheckout() {
  const { user } = useSession();
  return useQuery({ ...checkoutQuery(user?.user_value ?? 0), enabled: user !== null });
}
