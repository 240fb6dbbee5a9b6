import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContentItemResponse, ContentKind } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { invalidateContent } from './invalidate';

export type FileField = 'file' | 'file_fr' | 'file_es' | 'cover';

/** PUT /api/admin/content/:kind/:id/file: replaces one file (field file, file_fr, file_es or cover). */
export const replaceFile = ({
  kind,
  id,
  field,
  file,
}: {
  kind: ContentKind;
  id: number;
  field: FileField;
  file: File;
}) => {
  const form = new FormData();
  form.append(field, file);
  return api.put<AdminContentItemResponse>(`/admin/content/${kind}/${id}/file`, form);
};

export const useReplaceFile = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replaceFile, onSuccess: () => invalidateContent(queryClient) });
};
