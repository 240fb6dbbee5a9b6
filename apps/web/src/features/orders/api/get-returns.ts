import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnListResponse } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { returnsKeys } from './returns-keys';

type ReturnsFilter = { orderId?: number; page?: number };

/** GET /api/returns: the buyer's own returns, newest first (one order's with `orderId`). */
export const returnsQuery = ({ orderId, page = 1 }: ReturnsFilter) =>
  queryOptions({
    queryKey: returnsKeys.list({ orderId: orderId ?? null, page }),
    queryFn: () =>
      api.get<ReturnListResponse>('/returns', {
        params: { order_id: orderId, page, per_page: 25 },
      }),
    placeholderData: keepPreviousData,
  });

export const useReturns = (filter: ReturnsFilter) => useQuery(returnsQuery(filter));

/** The PDF of one of the buyer's credit notes (same-origin GET with the session cookie). */
export const creditNotePdfUrl = (id: number) =>
  buildUrl(`/credit-notes/${encodeURIComponent(String(id))}/pdf`);
