import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContentItemResponse, ContentKind } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { invalidateContent } from './invalidate';

/** POST /api/admin/content/:kind as multipart: title_en/fr/es, body_*, craft/link/issue_date, file, file_fr, file_es, cover. */
export const createItem = ({ kind, form }: { kind: ContentKind; form: FormData }) =>
  api.post<AdminContentItemResponse>(`/admin/content/${kind}`, form);

export const useCreateItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createItem, onSuccess: () => invalidateContent(queryClient) });
};
