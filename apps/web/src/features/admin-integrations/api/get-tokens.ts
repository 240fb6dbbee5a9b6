import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminIntegrationTokens } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** GET /api/admin/integrations/tokens: every token, never its secret (staff). */
export const getTokens = () => api.get<AdminIntegrationTokens>('/admin/integrations/tokens');

export const tokensQuery = () =>
  queryOptions({ queryKey: integrationKeys.list('tokens'), queryFn: getTokens });

export const useTokens = () => useQuery(tokensQuery());
