import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContentItemResponse, ContentKind } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { invalidateContent } from './invalidate';

/** PUT /api/admin/content/:kind/:id: replaces the texts of an item in its three languages. */
export const updateItem = ({
  kind,
  id,
  texts,
}: {
  kind: ContentKind;
  id: number;
  texts: Record<string, string>;
}) => api.put<AdminContentItemResponse>(`/admin/content/${kind}/${id}`, texts);

export const useUpdateItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItem, onSuccess: () => invalidateContent(queryClient) });
};
