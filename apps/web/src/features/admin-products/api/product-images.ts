import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductImage, AdminProductImages } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { productEditorKeys } from './keys';

/* A product's ordered pictures (docs/decisions/022-product-images.md). */

const imagesPath = (sku: string) => `/admin/products/${encodeURIComponent(sku)}/images`;

/** POST /api/admin/products/:sku/images (multipart field `image`): adds a picture after the others. */
export const uploadProductImage = ({ sku, file }: { sku: string; file: File }) => {
  const form = new FormData();
  form.append('image', file);
  return api.post<AdminProductImages>(imagesPath(sku), form);
};

/** PUT /api/admin/products/:sku/images/order: every picture's id once, first shown first. */
export const reorderProductImages = ({ sku, ids }: { sku: string; ids: number[] }) =>
  api.put<AdminProductImages>(`${imagesPath(sku)}/order`, { ids });

/** DELETE /api/admin/products/:sku/images/:id */
export const deleteProductImage = ({ sku, id }: { sku: string; id: number }) =>
  api.delete<AdminProductImages>(`${imagesPath(sku)}/${id}`);

/** A picture still on its way up: shown at once from the chosen file, with a negative id. */
export const isPending = (image: AdminProductImage) => image.id < 0;

/** What a change remembers to undo itself (and the upload's preview, to release it). */
type Context = { before: AdminProductImage[]; preview?: string };

const previewOf = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

/**
 * The three picture changes, each optimistic: the editor's cached product shows the change at once
 * and goes back to what it was if the server refuses it; the server's answer replaces it otherwise.
 */
export const useProductImages = (sku: string) => {
  const queryClient = useQueryClient();
  const key = productEditorKeys.detail(sku);
  const current = () => queryClient.getQueryData<AdminProduct>(key);
  const setImages = (images: AdminProductImage[]) =>
    queryClient.setQueryData<AdminProduct>(key, (product) =>
      product ? { ...product, images } : product,
    );
  const optimistic = async (
    next: (images: AdminProductImage[]) => AdminProductImage[],
  ): Promise<Context> => {
    await queryClient.cancelQueries({ queryKey: key });
    const before = current()?.images ?? [];
    setImages(next(before));
    return { before };
  };
  const rollback = (_error: unknown, _vars: unknown, context?: Context) => {
    if (context) setImages(context.before);
  };
  const settle = (answer: AdminProductImages) => setImages(answer.images);

  return {
    upload: useMutation({
      mutationFn: (file: File) => uploadProductImage({ sku, file }),
      onMutate: (file) => {
        const preview = previewOf(file);
        return optimistic((images) => [
          ...images,
          { id: -Date.now(), url: preview, width: 0, height: 0 },
        ]).then((context) => ({ ...context, preview }));
      },
      onError: rollback,
      onSuccess: settle,
      onSettled: (_answer, _error, _file, context) => {
        if (context?.preview) URL.revokeObjectURL(context.preview);
      },
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => reorderProductImages({ sku, ids }),
      onMutate: (ids) =>
        optimistic((images) =>
          ids.map((id) => images.find((i) => i.id === id)).filter((i) => i !== undefined),
        ),
      onError: rollback,
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteProductImage({ sku, id }),
      onMutate: (id) => optimistic((images) => images.filter((i) => i.id !== id)),
      onError: rollback,
      onSuccess: settle,
    }),
  };
};
