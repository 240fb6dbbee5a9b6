import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminInterestResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminReceivablesKeys } from './keys';

/** POST /api/admin/receivables/interest: a month's interest on overdue accounts (once per month). */
export const chargeInterest = (period: string) =>
  api.post<AdminInterestResponse>('/admin/receivables/interest', { period });

export const useChargeInterest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: chargeInterest,
    onSuccess: () => client.invalidateQueries({ queryKey: adminReceivablesKeys.all }),
  });
};
