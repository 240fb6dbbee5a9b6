import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReturnBody, ReturnResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { returnsKeys } from './returns-keys';

/** POST /api/orders/:id/returns: asks lines of an order back; refreshes the returns. */
export function useRequestReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReturnBody) =>
      api.post<ReturnResponse>(`/orders/${encodeURIComponent(String(orderId))}/returns`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKeys.all }),
  });
}
