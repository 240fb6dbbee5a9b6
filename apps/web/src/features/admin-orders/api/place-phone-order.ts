import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneOrderBody, PhoneOrderResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { refreshAfterDeskWrite } from './order-detail-write';

/** POST /api/admin/phone-orders/:customer_id (staff): orders the customer's selected cart lines. */
export const placePhoneOrder = ({ customerId, ...body }: PhoneOrderBody & { customerId: number }) =>
  api.post<PhoneOrderResponse>(`/admin/phone-orders/${encodeURIComponent(customerId)}`, body);

/**
 * Afterwards the customer's cart (emptied), checkout (no more opening minimum) and the desk reload,
 * and so do the orders waiting for credit and the home (the new order may owe a deposit or be held).
 */
export const usePlacePhoneOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placePhoneOrder,
    onSettled: () => refreshAfterDeskWrite(queryClient),
  });
};
