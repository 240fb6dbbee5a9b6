import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { adminApplicationKeys } from './keys';

/** POST /api/admin/applications/:id/reject {reason} (staff): records the reason, mails the applicant. */
export const rejectApplication = ({ id, reason }: { id: string; reason: string }) =>
  api.post<{ status: true }>(`/admin/applications/${encodeURIComponent(id)}/reject`, { reason });

export const useRejectApplication = () =>
  useRefreshingMutation(rejectApplication, adminApplicationKeys.all, 'settled');
