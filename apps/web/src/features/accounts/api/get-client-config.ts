import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { accountsKeys } from './keys';

/** GET /api/client-config: which third-party scripts (chat, analytics) are configured; none by default. */
export const getClientConfig = () => api.get<ClientConfigResponse>('/client-config');

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: accountsKeys.key('client-config'),
    queryFn: getClientConfig,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useClientConfig = () => useQuery(clientConfigQuery());
