import type { AdminReceivablesResponse } from '@wholesale/contract';
import { buildUrl } from '@/lib/api-client';
import { filled, useStaffList } from '@/lib/staff-list';
import { adminReceivablesKeys } from './keys';

export type ReceivablesFilter = { country: string; page: number };

/** GET /api/admin/receivables: customers by amount overdue, 25 a page, filtered by country. */
export const useReceivables = (f: ReceivablesFilter) =>
  useStaffList<AdminReceivablesResponse>(adminReceivablesKeys.list(f), '/admin/receivables', f, 25);

/** GET /api/admin/receivables/aging.csv with the same country filter (a download link). */
export const agingCsvUrl = (country: string) =>
  buildUrl('/admin/receivables/aging.csv', filled({ country }));
