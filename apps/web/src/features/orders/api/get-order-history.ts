import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderHistoryResponse, OrderStatus } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { ordersKeys } from './keys';

export type HistoryFilters = {
  page: number;
  from?: string;
  to?: string;
  status?: OrderStatus | '';
  orderId?: number;
};

/** GET /api/order-history: newest first, paginated, filtered by date range, status and order id. */
export const getOrderHistory = (userId: number, lang: string, f: HistoryFilters) =>
  api.get<OrderHistoryResponse>('/order-history', {
    params: {
      user_id: userId,
      lang,
      page: f.page,
      per_page: 25,
      from: f.from || undefined,
      to: f.to || undefined,
      status: f.status || undefined,
      order_id: f.orderId,
    },
  });

export const orderHistoryQuery = (userId: number, lang: string, f: HistoryFilters) =>
  queryOptions({
    queryKey: ordersKeys.list({ userId, lang, ...f }),
    queryFn: () => getOrderHistory(userId, lang, f),
  });

export function useOrderHistory(filters: HistoryFilters) {
  const { user } = useSession();
  const { apiLang } = useLanguage();
  return useQuery({
    ...orderHistoryQuery(user?.user_value ?? 0, apiLang, filters),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });
}
