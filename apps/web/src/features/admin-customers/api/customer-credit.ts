import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAccountHoldBody,
  AdminCreditAccountResponse,
  AdminCreditPatchBody,
} from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

/** GET /api/admin/customers/:id/credit: limit, net days, deposit rule, hold and where it stands. */
export const customerCreditQuery = (customerId: number) =>
  queryOptions({
    queryKey: customerKeys.key('credit', customerId),
    queryFn: () => api.get<AdminCreditAccountResponse>(`/admin/customers/${customerId}/credit`),
  });

export const useCustomerCredit = (customerId: number) => useQuery(customerCreditQuery(customerId));

export type CreditChange =
  { kind: 'terms'; body: AdminCreditPatchBody } | { kind: 'hold'; body: AdminAccountHoldBody };

/** PATCH …/credit (terms) or PUT …/credit/hold (hold or lift); the answer is the account. */
export const useChangeCustomerCredit = (customerId: number) => {
  const queryClient = useQueryClient();
  const { queryKey } = customerCreditQuery(customerId);
  return useMutation({
    mutationFn: (change: CreditChange) =>
      change.kind === 'terms'
        ? api.patch<AdminCreditAccountResponse>(
            `/admin/customers/${customerId}/credit`,
            change.body,
          )
        : api.put<AdminCreditAccountResponse>(
            `/admin/customers/${customerId}/credit/hold`,
            change.body,
          ),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
};
