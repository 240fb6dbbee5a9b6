import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCustomerPatchBody, Country } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export type CustomerAction =
  | { id: number; kind: 'deactivate' | 'reactivate' | 'password-reset' }
  | {
      id: number;
      kind: 'update';
      change: { country?: Country; customer_code?: string; staff_note?: string | null };
    };

/** POST /api/admin/customers/:id/(deactivate|reactivate|password-reset) or PATCH …/:id. */
export const actOnCustomer = (action: CustomerAction) =>
  action.kind === 'update'
    ? api.patch<unknown>(`/admin/customers/${action.id}`, action.change as AdminCustomerPatchBody)
    : api.post<unknown>(`/admin/customers/${action.id}/${action.kind}`);

export const useActOnCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
};
