import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBouncePaymentBody,
  AdminCustomerPaymentsResponse,
  AdminRecordPaymentBody,
  PaymentDto,
} from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

/** GET /api/admin/customers/:id/payments: payments, open invoices and balance (credit, admin). */
export const customerPaymentsQuery = (customerId: number) =>
  queryOptions({
    queryKey: customerKeys.key('payments', customerId),
    queryFn: () =>
      api.get<AdminCustomerPaymentsResponse>(`/admin/customers/${customerId}/payments`),
  });

export const useCustomerPayments = (customerId: number) =>
  useQuery(customerPaymentsQuery(customerId));

type PaymentAnswer = { status: true; data: PaymentDto };

/** POST /api/admin/customers/:id/payments and POST /api/admin/payments/:id/bounce (audited). */
export function useCustomerPaymentWrites(customerId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: customerKeys.all });
  const record = useMutation({
    mutationFn: (body: AdminRecordPaymentBody) =>
      api.post<PaymentAnswer>(`/admin/customers/${customerId}/payments`, body),
    onSuccess: refresh,
  });
  const bounce = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminBouncePaymentBody }) =>
      api.post<PaymentAnswer>(`/admin/payments/${id}/bounce`, body),
    onSuccess: refresh,
  });
  return { record, bounce };
}
