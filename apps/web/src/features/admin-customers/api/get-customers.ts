import type { AdminCustomersResponse } from '@wholesale/contract';
import { useStaffList } from '@/lib/staff-list';
import { customerKeys } from './keys';

type CustomerSearch = { q: string; page: number };

/** GET /api/admin/customers: customers matching the text, 25 a page. */
export const useCustomers = (s: CustomerSearch) =>
  useStaffList<AdminCustomersResponse>(customerKeys.list(s), '/admin/customers', s, 25);
