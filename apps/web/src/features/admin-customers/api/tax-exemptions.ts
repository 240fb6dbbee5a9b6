import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxExemptionBody, TaxExemptionsResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

const base = (customerId: number) => `/admin/customers/${customerId}/tax-exemptions`;

/** GET /api/admin/customers/:id/tax-exemptions: the customer's certificates, newest first. */
export const customerTaxExemptionsQuery = (customerId: number) =>
  queryOptions({
    queryKey: customerKeys.key('tax-exemptions', customerId),
    queryFn: () => api.get<TaxExemptionsResponse>(base(customerId)),
  });

export const useCustomerTaxExemptions = (customerId: number) =>
  useQuery(customerTaxExemptionsQuery(customerId));

export type TaxExemptionWrite =
  { kind: 'record'; body: TaxExemptionBody } | { kind: 'revoke'; id: number };

/**
 * Records or revokes a certificate (credit staff and admins; audited by the API). Each answer is
 * the whole list, which replaces the cached one.
 */
export function useTaxExemptionWrite(customerId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = customerTaxExemptionsQuery(customerId);
  return useMutation({
    mutationFn: (write: TaxExemptionWrite) =>
      write.kind === 'record'
        ? api.post<TaxExemptionsResponse>(base(customerId), write.body)
        : api.post<TaxExemptionsResponse>(`${base(customerId)}/${write.id}/revoke`),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
}
