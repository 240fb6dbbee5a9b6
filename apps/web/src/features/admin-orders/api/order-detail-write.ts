import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminOrderDetailResponse } from '@wholesale/contract';
import { refreshAfterOrderWrite } from '@/lib/admin-keys';
import { adminOrderKeys } from './keys';

/**
 * After a staff write to an order, answered or refused (a refusal may mean someone else moved it
 * on): the desk's lists and orders load again (the write waits for them), and so do the screens
 * that count or list the orders waiting for credit.
 */
export const refreshAfterDeskWrite = (queryClient: QueryClient) => {
  refreshAfterOrderWrite(queryClient);
  return queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
};

/**
 * A staff write that answers the order as it now is (a workflow step, a deposit, a released hold):
 * the answer becomes the order's cached detail, and the desk's lists, the orders waiting for credit
 * and the home's counts are fetched again.
 */
export const useOrderDetailWrite = <V>(
  mutationFn: (variables: V) => Promise<AdminOrderDetailResponse>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(adminOrderKeys.detail(data.order.order_id), data),
    onSettled: () => refreshAfterDeskWrite(queryClient),
  });
};
