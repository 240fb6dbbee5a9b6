import { useQueryClient } from '@tanstack/react-query';
import type { CartLine, CartResponse } from '@wholesale/contract';
import { phoneCartQuery } from './get-phone-order';

/** The URL of the customer's cart lines, or of one of them (phone orders). */
export const phoneCartLinesUrl = (customerId: number, lineId?: number) =>
  `/admin/phone-orders/${encodeURIComponent(customerId)}/cart/lines${
    lineId === undefined ? '' : `/${encodeURIComponent(lineId)}`
  }`;

/** The customer's cart as the page holds it, and how to put the server's answer in its place. */
export function usePhoneCartCache(customerId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = phoneCartQuery(customerId);
  return {
    queryClient,
    queryKey,
    answered: (cart: CartResponse) => queryClient.setQueryData(queryKey, cart),
  };
}

/** Maps the cart's lines, leaving its total to the server's answer. */
export const withLines = (
  cart: CartResponse,
  lines: (all: CartLine[]) => CartLine[],
): CartResponse => ({ ...cart, products: lines(cart.products) });
