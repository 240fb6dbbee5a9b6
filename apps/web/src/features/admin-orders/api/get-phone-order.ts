import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartResponse, PhoneOrderCheckoutResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from './keys';

/** GET /api/admin/phone-orders/:customer_id/cart (staff): the customer's cart as they see it. */
export const getPhoneCart = (customerId: number) =>
  api.get<CartResponse>(`/admin/phone-orders/${encodeURIComponent(customerId)}/cart`);

/** GET /api/admin/phone-orders/:customer_id/checkout (staff): who, and their checkout choices. */
export const getPhoneCheckout = (customerId: number) =>
  api.get<PhoneOrderCheckoutResponse>(
    `/admin/phone-orders/${encodeURIComponent(customerId)}/checkout`,
  );

export const phoneCartQuery = (customerId: number) =>
  queryOptions({
    queryKey: adminOrderKeys.key('phone', customerId, 'cart'),
    queryFn: () => getPhoneCart(customerId),
  });

export const phoneCheckoutQuery = (customerId: number) =>
  queryOptions({
    queryKey: adminOrderKeys.key('phone', customerId, 'checkout'),
    queryFn: () => getPhoneCheckout(customerId),
  });

export const usePhoneCart = (customerId: number) => useQuery(phoneCartQuery(customerId));
export const usePhoneCheckout = (customerId: number) => useQuery(phoneCheckoutQuery(customerId));
