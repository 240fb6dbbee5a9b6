import type { ApplicationListResponse } from '@wholesale/contract';
import { useStaffList } from '@/lib/staff-list';
import { adminApplicationKeys } from './keys';

export type ApplicationsFilter = { status: string; country: string; search: string; page: number };

/** GET /api/admin/applications (staff): status (all when blank), country and search, 25 a page. */
export const useApplications = (filter: ApplicationsFilter) =>
  useStaffList<ApplicationListResponse>(
    adminApplicationKeys.list(filter),
    '/admin/applications',
    { ...filter, status: filter.status || 'all' },
    25,
  );
