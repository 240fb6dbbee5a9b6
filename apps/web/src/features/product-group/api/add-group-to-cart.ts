import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addPlaceholderLines, refreshCarts } from '@/lib/cart-cache';
import { cartWriteScope, sendCartWrite } from '@/lib/cart-writes';
import { useSession } from '@/lib/session';

export type GroupCartItem = { product_id: string; item: number };

/**
 * POST /api/cart/add-many: every product given a quantity on the group page in ONE request, added
 * all or nothing (a refusal adds none of them).
 */
export async function addGroupToCart(userId: number, items: GroupCartItem[]): Promise<void> {
  await api.post('/cart/add-many', { items }, { params: { user_id: userId }, idempotent: true });
}

/** The group page's update-cart action; the cart is refetched afterwards (shared cart keys). */
export function useAddGroupToCart() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    scope: cartWriteScope,
    mutationFn: (items: GroupCartItem[]) => {
      if (!user) throw new Error('Not signed in');
      return sendCartWrite(queryClient, () => addGroupToCart(user.user_value, items));
    },
    // docs/product/cart-and-orders.md: placeholder lines at once, rolled back when the server refuses (lib/cart-cache.ts).
    onMutate: async (items) => ({ rollback: await addPlaceholderLines(queryClient, items) }),
    meta: { errorToast: 'catalogue:group.addFailed' },
    onError: (_error, _items, context) => context?.rollback(),
    onSettled: () => refreshCarts(queryClient),
  });
}
