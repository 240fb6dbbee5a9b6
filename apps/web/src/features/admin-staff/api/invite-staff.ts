import type { AdminStaffMemberResponse, Lang, StaffRole } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { staffKeys } from './keys';

export type InviteStaffInput = { email: string; name: string; roles: StaffRole[]; lang: Lang };

/** POST /api/admin/staff: creates the account and mails the invitee a set-password link. */
export const inviteStaff = (body: InviteStaffInput) =>
  api.post<AdminStaffMemberResponse>('/admin/staff', body);

export const useInviteStaff = () => useRefreshingMutation(inviteStaff, staffKeys.all);
