import type { AdminOrderDetailResponse, ChangeOrderStatusBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useOrderDetailWrite } from './order-detail-write';

/** POST /api/admin/orders/:id/status (staff): one workflow step; 409 when impossible or stale. */
export const changeOrderStatus = ({ id, ...body }: ChangeOrderStatusBody & { id: number }) =>
  api.post<AdminOrderDetailResponse>(`/admin/orders/${encodeURIComponent(id)}/status`, body);

export const useChangeOrderStatus = () => useOrderDetailWrite(changeOrderStatus);
