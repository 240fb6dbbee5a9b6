import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetailResponse } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { adminOrderKeys } from './keys';

/** GET /api/admin/orders/:id (staff): lines, customer, parcels, status history, allowed steps. */
export const getDeskOrder = (id: number) =>
  api.get<AdminOrderDetailResponse>(`/admin/orders/${encodeURIComponent(id)}`);

export const deskOrderQuery = (id: number) =>
  queryOptions({ queryKey: adminOrderKeys.detail(id), queryFn: () => getDeskOrder(id) });

export const useDeskOrder = (id: number) => useQuery(deskOrderQuery(id));

export const pickingListUrl = (id: number) =>
  buildUrl(`/admin/orders/${encodeURIComponent(id)}/picking-list.pdf`);

/**
 * The packing slip that travels in the parcel: ship-to, PO, lines in packs and units, no prices;
 * with `parcel`, the slip of that recorded parcel (what it carries, what is to follow).
 */
export const packingSlipUrl = (id: number, parcel?: number) =>
  buildUrl(`/admin/orders/${encodeURIComponent(id)}/packing-slip.pdf`, { parcel });
