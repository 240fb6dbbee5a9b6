import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStaffListResponse,
  AdminStaffMemberResponse,
  StaffRole,
} from '@wholesale/contract';
import { api } from '@/lib/api-client';
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
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AdminStaffListResponse>(key);
      if (previous) {
        queryClient.setQueryData<AdminStaffListResponse>(key, {
          ...previous,
          data: previous.data.map((m) => (m.id === change.id ? { ...m, ...change } : m)),
        });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
};
