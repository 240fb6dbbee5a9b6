import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { refreshCarts } from '@/lib/cart-cache';
import { cartWrite } from '@/lib/cart-writes';
import { ordersKeys } from '@/lib/shopping-keys';
import { useCartParams } from './get-cart';

export type PlaceOrderInput = {
  productIds: string[];
  comment: string;
  poNumber: string;
  /** The chosen ship-to address (absent: the account's default). */
  shipToAddressId?: number;
  /** YYYY-MM-DD or '' for "as soon as possible". */
  requestedShipDate?: string;
  idempotencyKey: string;
};

/**
 * POST /api/store/orders with the docs/product/cart-and-orders.md payload fields; the server takes quantities and prices
 * from the cart. The Idempotency-Key makes a retried click safe (same key → same order).
 */
export const placeOrder = (userId: number, input: PlaceOrderInput) =>
  api.post<PlaceOrderResponse>(
    '/store/orders',
    {
      product_id: input.productIds,
      user_id: userId,
      order_comment: input.comment,
      po_number: input.poNumber,
      ...(input.shipToAddressId ? { ship_to_address_id: input.shipToAddressId } : {}),
      ...(input.requestedShipDate ? { requested_ship_date: input.requestedShipDate } : {}),
      date: new Date().toISOString(),
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  return useMutation({
    ...cartWrite(queryClient, (input: PlaceOrderInput) => placeOrder(params!.userId, input)),
    onSuccess: () => {
      void refreshCarts(queryClient);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
}
