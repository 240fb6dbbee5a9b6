import type { ApproveApplicationResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { adminApplicationKeys } from './keys';

/** POST /api/admin/applications/:id/approve (staff): creates the customer, mails the set-password link. */
export const approveApplication = (id: string) =>
  api.post<ApproveApplicationResponse>(`/admin/applications/${encodeURIComponent(id)}/approve`);

export const useApproveApplication = () =>
  useRefreshingMutation(approveApplication, adminApplicationKeys.all, 'settled');
