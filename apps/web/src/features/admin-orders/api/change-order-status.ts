import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetailResponse, ChangeOrderStatusBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from './keys';

/** POST /api/admin/orders/:id/status (staff): one workflow step; 409 when impossible or stale. */
export const changeOrderStatus = ({ id, ...body }: ChangeOrderStatusBody & { id: number }) =>
  api.post<AdminOrderDetailResponse>(`/admin/orders/${encodeURIComponent(id)}/status`, body);

export const useChangeOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (data) => queryClient.setQueryData(adminOrderKeys.detail(data.order.order_id), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
};
