import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminIntegrationToken } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** DELETE /api/admin/integrations/tokens/:id: the token stops working at once. */
export const revokeToken = (id: number) =>
  api.delete<AdminIntegrationToken>(`/admin/integrations/tokens/${id}`);

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};
