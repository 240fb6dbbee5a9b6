import type { AdminReturnListResponse } from '@wholesale/contract';
import { buildUrl } from '@/lib/api-client';
import { useStaffList } from '@/lib/staff-list';
import { adminReturnsKeys } from './keys';

type ReturnsFilter = { status: string; page: number };

/** GET /api/admin/returns: returns of every customer by status, 25 a page, with counts per status. */
export const useDeskReturns = (filter: ReturnsFilter) =>
  useStaffList<AdminReturnListResponse>(
    adminReturnsKeys.list(filter),
    '/admin/returns',
    filter,
    25,
  );

/** The PDF of a credit note, in its customer's language (same-origin GET with the session cookie). */
export const adminCreditNotePdfUrl = (id: number) =>
  buildUrl(`/admin/credit-notes/${encodeURIComponent(String(id))}/pdf`);
