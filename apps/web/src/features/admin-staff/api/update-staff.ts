import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStaffListResponse,
  AdminStaffMemberResponse,
  StaffRole,
} from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { optimisticUpdate } from '@/lib/optimistic-update';
import { staffKeys } from './keys';

export type StaffChange = { id: number } & ({ roles: StaffRole[] } | { active: boolean });

/** PATCH /api/admin/staff/:id (roles) or POST …/deactivate | …/reactivate. */
export const updateStaff = (change: StaffChange) =>
  'roles' in change
    ? api.patch<AdminStaffMemberResponse>(`/admin/staff/${change.id}`, { roles: change.roles })
    : api.post<AdminStaffMemberResponse>(
        `/admin/staff/${change.id}/${change.active ? 'reactivate' : 'deactivate'}`,
      );

/**
 * Changes a staff member optimistically: the list shows the change at once and goes back if the
 * server refuses it (e.g. the last admin).
 */
export const useUpdateStaff = () => {
  const queryClient = useQueryClient();
  const key = staffKeys.lists();
  return useMutation({
    mutationFn: updateStaff,
    ...optimisticUpdate<AdminStaffListResponse, StaffChange>(
      queryClient,
      key,
      (previous, change) => ({
        ...previous,
        data: previous.data.map((m) => (m.id === change.id ? { ...m, ...change } : m)),
      }),
    ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
};
