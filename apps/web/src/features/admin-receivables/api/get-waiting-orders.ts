import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { WAITING_ORDERS_PER_PAGE, type AdminWaitingOrdersResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { waitingOrdersKey } from './keys';

/** GET /api/admin/receivables/waiting-orders: the orders waiting for credit, oldest first, a page. */
export const getWaitingOrders = (page: number) =>
  api.get<AdminWaitingOrdersResponse>('/admin/receivables/waiting-orders', {
    params: { page, per_page: WAITING_ORDERS_PER_PAGE },
  });

/**
 * The list credit staff work from: read again each time the page opens (staleTime 0), and at once
 * after a staff write to an order (refreshAfterOrderWrite), since the deposit and release steps
 * taken on an order's page take orders off it.
 */
export const useWaitingOrders = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: waitingOrdersKey(page),
      queryFn: () => getWaitingOrders(page),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
