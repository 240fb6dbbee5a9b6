import { useMutation } from '@tanstack/react-query';
import type { CartResponse, PhoneCartAddBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { phoneCartLinesUrl, usePhoneCartCache } from './phone-cart-cache';

/**
 * POST /api/admin/phone-orders/:customer_id/cart/lines (staff): adds ship packs of a product, by
 * its code, to the customer's cart; answers the whole cart and what happened to the quantity.
 */
export const addPhoneCartLine = (customerId: number, body: PhoneCartAddBody) =>
  api.post<CartResponse>(phoneCartLinesUrl(customerId), body, { idempotent: true });

/** Adds a product by code; the cart the server answers replaces the page's (no guess first). */
export function useAddPhoneCartLine(customerId: number) {
  const { answered } = usePhoneCartCache(customerId);
  return useMutation({
    mutationFn: (body: PhoneCartAddBody) => addPhoneCartLine(customerId, body),
    onSuccess: answered,
  });
}
