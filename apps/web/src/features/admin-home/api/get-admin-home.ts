import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminHomeResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminHomeKeys } from './keys';

/** GET /api/admin/home: the parts of the home the staff member's roles open (the server decides). */
export const getAdminHome = () => api.get<AdminHomeResponse>('/admin/home');

export const adminHomeQuery = () =>
  queryOptions({ queryKey: adminHomeKeys.details(), queryFn: getAdminHome });

export const useAdminHome = () => useQuery(adminHomeQuery());
