import type { AdminIntegrationToken } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { integrationKeys } from './keys';

/** DELETE /api/admin/integrations/tokens/:id: the token stops working at once. */
export const revokeToken = (id: number) =>
  api.delete<AdminIntegrationToken>(`/admin/integrations/tokens/${id}`);

export const useRevokeToken = () => useRefreshingMutation(revokeToken, integrationKeys.all);
