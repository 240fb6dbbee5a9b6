import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetailResponse } from '@wholesale/contract';
import { adminOrderKeys } from './keys';

/**
 * A staff write that answers the order as it now is (a workflow step, a deposit, a released hold):
 * the answer becomes the order's cached detail, and the desk's lists are fetched again.
 */
export const useOrderDetailWrite = <V>(
  mutationFn: (variables: V) => Promise<AdminOrderDetailResponse>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(adminOrderKeys.detail(data.order.order_id), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
};
