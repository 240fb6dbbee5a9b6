import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { invalidateContent } from './invalidate';

/** DELETE /api/admin/content/:kind/:id: removes an item and its files. */
export const deleteItem = ({ kind, id }: { kind: ContentKind; id: number }) =>
  api.delete<{ status: true }>(`/admin/content/${kind}/${id}`);

export const useDeleteItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => invalidateContent(queryClient) });
};
