import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationDetailResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminApplicationKeys } from './keys';

/** GET /api/admin/applications/:id (staff): the decrypted application; the server audits each read. */
export const getApplication = (id: string) =>
  api.get<ApplicationDetailResponse>(`/admin/applications/${encodeURIComponent(id)}`);

// NOTE: staleTime 0 and gcTime 0: decrypted details are not kept in memory after leaving the page.
export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: adminApplicationKeys.detail(id),
    queryFn: () => getApplication(id),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const useApplication = (id: string) => useQuery(applicationQuery(id));
