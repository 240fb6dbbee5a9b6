import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@wholesale/contract';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { cartWrite } from '@/lib/cart-writes';
import { useErrorMessage } from '@/lib/error-message';
import { cartQuery, useCartParams, type CartParams } from './get-cart';

export type SetCartItemInput = { id: number; item?: number; selected?: boolean };

/**
 * POST /api/add/item {id, user_id, lang, item | selected}: sets a line's quantity (0 removes) or
 * selection. The answer is the whole cart, its names in `lang`: without it a French cart turned
 * English at the first change.
 */
export const setCartItem = ({ userId, lang }: CartParams, input: SetCartItemInput) =>
  api.post<CartResponse>('/add/item', { ...input, user_id: userId, lang }, { idempotent: true });

/** Changes one cart line; the selection flips at once and rolls back on failure. */
export function useSetCartItem() {
  const queryClient = useQueryClient();
  const params = useCartParams();
  const errorMessage = useErrorMessage();
  const { t } = useTranslation('cart');
  return useMutation({
    ...cartWrite(queryClient, (input: SetCartItemInput) => setCartItem(params!, input)),
    onMutate: async (input) => {
      if (!params) return { previous: undefined };
      const { queryKey } = cartQuery(params);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<CartResponse>(queryKey);
      if (previous) {
        queryClient.setQueryData<CartResponse>(queryKey, {
          ...previous,
          products: previous.products.map((l) =>
            l.id === input.id
              ? {
                  ...l,
                  ...(input.item !== undefined ? { item: input.item } : {}),
                  ...(input.selected !== undefined ? { selected: input.selected } : {}),
                }
              : l,
          ),
        });
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (params) queryClient.setQueryData(cartQuery(params).queryKey, context?.previous);
      toast.error(errorMessage(error));
    },
    onSuccess: (data) => {
      if (params) queryClient.setQueryData(cartQuery(params).queryKey, data);
      if (data.notice?.clamped)
        toast.warning(t('toast.clamped', { quantity: data.notice.quantity }));
    },
  });
}
