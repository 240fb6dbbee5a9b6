import type { AdminCreatedToken, AdminCreateTokenBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { integrationKeys } from './keys';

/** POST /api/admin/integrations/tokens: the answer holds the secret, shown this once. */
export const createToken = (body: AdminCreateTokenBody) =>
  api.post<AdminCreatedToken>('/admin/integrations/tokens', body);

export const useCreateToken = () => useRefreshingMutation(createToken, integrationKeys.all);
