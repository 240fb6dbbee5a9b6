import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminApplicationKeys } from './keys';

/** POST /api/admin/applications/:id/reject {reason} (staff): records the reason, mails the applicant. */
export const rejectApplication = ({ id, reason }: { id: string; reason: string }) =>
  api.post<{ status: true }>(`/admin/applications/${encodeURIComponent(id)}/reject`, { reason });

export const useRejectApplication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminApplicationKeys.all }),
  });
};
