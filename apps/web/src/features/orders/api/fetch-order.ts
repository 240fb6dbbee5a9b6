import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FetchOrderResponse } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ordersKeys } from './keys';

/** GET /api/fetch-order (user_id, order_id): one order with its lines; the latest without an id. */
export const fetchOrder = (userId: number, orderId?: number) =>
  api.get<FetchOrderResponse>('/fetch-order', { params: { user_id: userId, order_id: orderId } });

export const orderQuery = (userId: number, orderId?: number) =>
  queryOptions({
    queryKey: ordersKeys.detail(orderId ?? 'latest', { userId }),
    queryFn: () => fetchOrder(userId, orderId),
  });

export function useOrder(orderId?: number) {
  const { user } = useSession();
  return useQuery({ ...orderQuery(user?.user_value ?? 0, orderId), enabled: !!user });
}

/** The PDF of an order (same-origin GET with the session cookie). */
export const orderPdfUrl = (orderId: number) =>
  buildUrl(`/orders/${encodeURIComponent(String(orderId))}/pdf`);
