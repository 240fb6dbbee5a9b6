import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminImportJob } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueImportKeys } from './keys';

/** GET /api/admin/imports/:id: status and counts of one import. */
export const getImport = (id: number) => api.get<AdminImportJob>(`/admin/imports/${id}`);

/** Polls every second while the import is queued or running, then stops. */
export const importQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueImportKeys.detail(id),
    queryFn: () => getImport(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });

export const useImport = (id: number | null) =>
  useQuery({ ...importQuery(id ?? 0), enabled: id !== null });
