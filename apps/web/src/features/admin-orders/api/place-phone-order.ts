import type { PhoneOrderBody, PhoneOrderResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { adminOrderKeys } from './keys';

/** POST /api/admin/phone-orders/:customer_id (staff): orders the customer's selected cart lines. */
export const placePhoneOrder = ({ customerId, ...body }: PhoneOrderBody & { customerId: number }) =>
  api.post<PhoneOrderResponse>(`/admin/phone-orders/${encodeURIComponent(customerId)}`, body);

/** Afterwards the customer's cart (emptied), checkout (no more opening minimum) and the desk reload. */
export const usePlacePhoneOrder = () =>
  useRefreshingMutation(placePhoneOrder, adminOrderKeys.all, 'settled');
