import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveApplicationResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminApplicationKeys } from './keys';

/** POST /api/admin/applications/:id/approve (staff): creates the customer, mails the set-password link. */
export const approveApplication = (id: string) =>
  api.post<ApproveApplicationResponse>(`/admin/applications/${encodeURIComponent(id)}/approve`);

export const useApproveApplication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminApplicationKeys.all }),
  });
};
