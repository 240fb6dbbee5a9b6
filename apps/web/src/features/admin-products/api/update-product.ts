import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { productEditorKeys } from './keys';

/** PATCH /api/admin/products/:sku: the changed fields and the version they were based on (409 if stale). */
export const updateProduct = ({ sku, body }: { sku: string; body: AdminProductBody }) =>
  api.patch<AdminProduct>(`/admin/products/${encodeURIComponent(sku)}`, body);

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productEditorKeys.detail(product.sku), product);
      void queryClient.invalidateQueries({ queryKey: productEditorKeys.lists() });
    },
  });
};
