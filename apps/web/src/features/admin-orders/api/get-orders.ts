import type { AdminOrderListResponse } from '@wholesale/contract';
import { buildUrl } from '@/lib/api-client';
import { filled, useStaffList } from '@/lib/staff-list';
import { adminOrderKeys } from './keys';

export type DeskFilter = {
  status: string;
  country: string;
  q: string;
  from: string;
  to: string;
  /** Requested ship date range (days, both included). */
  ship_date_from: string;
  ship_date_to: string;
  /** 'credit': the orders waiting for a deposit or on credit hold; '' for all. */
  waiting: string;
  sort: string;
  page: number;
};

/** GET /api/admin/orders (staff): the desk's filtered, sorted page with counts per status. */
export const useDeskOrders = (f: DeskFilter) =>
  useStaffList<AdminOrderListResponse>(adminOrderKeys.list(f), '/admin/orders', f, 50);

/** The CSV export of the same filtered list (streamed by the server; a plain download link). */
export const deskCsvUrl = ({ page, ...f }: DeskFilter) => buildUrl('/admin/orders.csv', filled(f));
