import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStoreIdentity, PublicStoreIdentity, StoreIdentity } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { storeIdentityQuery } from '@/lib/store-identity';
import { identityQuery } from './get-identity';

/** PUT /api/admin/settings/identity: every field at once (admin). */
export const saveIdentity = (identity: StoreIdentity) =>
  api.put<AdminStoreIdentity>('/admin/settings/identity', identity);

/**
 * Saves the identity; the answer replaces the page's copy and the storefront's (header, footer,
 * titles), so the shop shows the new name at once without another request.
 */
export const useSaveIdentity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIdentity,
    onSuccess: (saved) => {
      queryClient.setQueryData(identityQuery().queryKey, saved);
      queryClient.setQueryData<PublicStoreIdentity>(storeIdentityQuery.queryKey, {
        set: saved.set,
        identity: saved.identity,
      });
    },
  });
};
