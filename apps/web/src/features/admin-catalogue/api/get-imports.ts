import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminImportJobs } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueImportKeys } from './keys';

/** GET /api/admin/imports: past imports, newest first (staff). */
export const getImports = () => api.get<AdminImportJobs>('/admin/imports');

export const importsQuery = () =>
  queryOptions({ queryKey: catalogueImportKeys.lists(), queryFn: getImports });

export const useImports = () => useQuery(importsQuery());
