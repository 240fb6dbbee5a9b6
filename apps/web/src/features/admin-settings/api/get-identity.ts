import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStoreIdentity } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/admin/settings/identity: the identity, who saved it last and when (admin). */
export const getIdentity = () => api.get<AdminStoreIdentity>('/admin/settings/identity');

export const identityQuery = () =>
  queryOptions({ queryKey: settingsKeys.detail('identity'), queryFn: getIdentity });

export const useAdminIdentity = () => useQuery(identityQuery());
