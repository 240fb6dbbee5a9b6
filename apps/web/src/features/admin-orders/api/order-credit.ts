import type { AdminOrderDetailResponse, RecordDepositBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useOrderDetailWrite } from './order-detail-write';

export type OrderCreditStep =
  | { id: number; kind: 'deposit'; body: RecordDepositBody }
  | { id: number; kind: 'release-hold'; note?: string };

/** POST /api/admin/orders/:id/deposit or …/release-hold (credit staff): the order as it now is. */
export const takeOrderCreditStep = (step: OrderCreditStep) =>
  api.post<AdminOrderDetailResponse>(
    `/admin/orders/${encodeURIComponent(step.id)}/${step.kind}`,
    step.kind === 'deposit' ? step.body : { note: step.note },
  );

export const useOrderCreditStep = () => useOrderDetailWrite(takeOrderCreditStep);
