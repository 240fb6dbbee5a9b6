import { useMutation } from '@tanstack/react-query';
import type { CartResponse, PhoneCartLineBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { optimisticUpdate } from '@/lib/optimistic-update';
import { phoneCartLinesUrl, usePhoneCartCache, withLines } from './phone-cart-cache';

/** PATCH /api/admin/phone-orders/:customer_id/cart/lines/:line_id (staff): a line's new packs. */
export const setPhoneCartLine = (customerId: number, lineId: number, body: PhoneCartLineBody) =>
  api.patch<CartResponse>(phoneCartLinesUrl(customerId, lineId), body, { idempotent: true });

type LineChange = { lineId: number; item: number };

/**
 * Changes a line's packs: the line shows the new packs at once, the server's cart (its clamping,
 * totals) replaces it when it answers, and the line is put back if the change is refused.
 */
export function useSetPhoneCartLine(customerId: number) {
  const { queryClient, queryKey, answered } = usePhoneCartCache(customerId);
  return useMutation({
    mutationFn: ({ lineId, item }: LineChange) => setPhoneCartLine(customerId, lineId, { item }),
    ...optimisticUpdate<CartResponse, LineChange>(queryClient, queryKey, (cart, change) =>
      withLines(cart, (all) =>
        all.map((l) => (l.id === change.lineId ? { ...l, item: change.item } : l)),
      ),
    ),
    onSuccess: answered,
  });
}
