import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnableLinesResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { returnsKeys } from './returns-keys';

/** GET /api/orders/:id/returnable-lines: what the return form may offer of one order. */
export const returnableLinesQuery = (orderId: number) =>
  queryOptions({
    queryKey: returnsKeys.detail(orderId, 'returnable'),
    queryFn: () =>
      api.get<ReturnableLinesResponse>(
        `/orders/${encodeURIComponent(String(orderId))}/returnable-lines`,
      ),
  });

export const useReturnableLines = (orderId: number, enabled = true) =>
  useQuery({ ...returnableLinesQuery(orderId), enabled });
