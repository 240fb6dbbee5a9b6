import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContentListResponse, ContentKind } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './keys';
import { invalidateContent } from './invalidate';

/** POST /api/admin/content/:kind/reorder: ids in their new display order. */
export const reorderItems = ({ kind, ids }: { kind: ContentKind; ids: number[] }) =>
  api.post<AdminContentListResponse>(`/admin/content/${kind}/reorder`, { ids });

export const useReorderItems = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderItems,
    onSuccess: (data, { kind }) => {
      queryClient.setQueryData(adminContentKeys.list(kind), data);
      return invalidateContent(queryClient);
    },
  });
};
