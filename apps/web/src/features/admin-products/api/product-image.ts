import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { productEditorKeys } from './keys';

const imagePath = (sku: string) => `/admin/products/${encodeURIComponent(sku)}/image`;

/** PUT /api/admin/products/:sku/image (multipart): replaces the product's picture. */
export const uploadProductImage = ({ sku, file }: { sku: string; file: File }) => {
  const form = new FormData();
  form.append('image', file);
  return api.put<AdminProduct>(imagePath(sku), form);
};

/** DELETE /api/admin/products/:sku/image: the storefront shows the generated picture again. */
export const deleteProductImage = (sku: string) => api.delete<AdminProduct>(imagePath(sku));

export const useProductImage = () => {
  const queryClient = useQueryClient();
  const onSuccess = (product: AdminProduct) =>
    queryClient.setQueryData(productEditorKeys.detail(product.sku), product);
  return {
    upload: useMutation({ mutationFn: uploadProductImage, onSuccess }),
    remove: useMutation({ mutationFn: deleteProductImage, onSuccess }),
  };
};
