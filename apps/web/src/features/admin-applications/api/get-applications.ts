import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationListResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminApplicationKeys } from './keys';

export type ApplicationsFilter = { status: string; country: string; search: string; page: number };

/** GET /api/admin/applications (staff): status, country and search filters, paginated. */
export const getApplications = (filter: ApplicationsFilter) =>
  api.get<ApplicationListResponse>('/admin/applications', {
    params: {
      status: filter.status || 'all',
      country: filter.country || undefined,
      search: filter.search || undefined,
      page: filter.page,
      per_page: 25,
    },
  });

export const applicationsQuery = (filter: ApplicationsFilter) =>
  queryOptions({
    queryKey: adminApplicationKeys.list(filter),
    queryFn: () => getApplications(filter),
    placeholderData: keepPreviousData,
  });

export const useApplications = (filter: ApplicationsFilter) => useQuery(applicationsQuery(filter));
