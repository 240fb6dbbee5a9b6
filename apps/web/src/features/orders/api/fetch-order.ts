import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FetchOrderResponse } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { ordersKeys } from './keys';

/**
 * GET /api/fetch-order (user_id, order_id, lang): one order with its lines, named in the interface
 * language where the catalogue has the name; the latest order without an id.
 */
export const fetchOrder = (userId: number, orderId: number | undefined, lang: string) =>
  api.get<FetchOrderResponse>('/fetch-order', {
    params: { user_id: userId, order_id: orderId, lang },
  });

export const orderQuery = (userId: number, orderId: number | undefined, lang: string) =>
  queryOptions({
    queryKey: ordersKeys.detail(orderId ?? 'latest', { userId, lang }),
    queryFn: () => fetchOrder(userId, orderId, lang),
  });

export function useOrder(orderId?: number) {
  const { user } = useSession();
  const { apiLang } = useLanguage();
  return useQuery({ ...orderQuery(user?.user_value ?? 0, orderId, apiLang), enabled: !!user });
}

/** The PDF of an order (same-origin GET with the session cookie), line names in `lang`. */
export const orderPdfUrl = (orderId: number, lang: string) =>
  buildUrl(`/orders/${encodeURIComponent(String(orderId))}/pdf`, { lang });
