import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStaffListResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

/** GET /api/admin/staff (admin): every staff account with its roles. */
export const getStaff = () => api.get<AdminStaffListResponse>('/admin/staff');

export const staffQuery = () => queryOptions({ queryKey: staffKeys.lists(), queryFn: getStaff });

export const useStaff = () => useQuery(staffQuery());
