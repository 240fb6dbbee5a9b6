import { useMutation } from '@tanstack/react-query';
import type { CartResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { optimisticUpdate } from '@/lib/optimistic-update';
import { phoneCartLinesUrl, usePhoneCartCache, withLines } from './phone-cart-cache';

/** DELETE /api/admin/phone-orders/:customer_id/cart/lines/:line_id (staff): removes a line. */
export const removePhoneCartLine = (customerId: number, lineId: number) =>
  api.delete<CartResponse>(phoneCartLinesUrl(customerId, lineId), { idempotent: true });

/** Removes a line: gone at once, back if the server refuses; then the server's cart. */
export function useRemovePhoneCartLine(customerId: number) {
  const { queryClient, queryKey, answered } = usePhoneCartCache(customerId);
  return useMutation({
    mutationFn: (lineId: number) => removePhoneCartLine(customerId, lineId),
    ...optimisticUpdate<CartResponse, number>(queryClient, queryKey, (cart, lineId) =>
      withLines(cart, (all) => all.filter((l) => l.id !== lineId)),
    ),
    onSuccess: answered,
  });
}
