import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminGroupMembers } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { pricingKeys } from './keys';

/** GET /api/admin/customer-groups/:id/members */
export const getGroupMembers = (groupId: number) =>
  api.get<AdminGroupMembers>(`/admin/customer-groups/${groupId}/members`);

export const useGroupMembers = (groupId: number) =>
  useQuery(
    queryOptions({
      queryKey: pricingKeys.key('groups', groupId, 'members'),
      queryFn: () => getGroupMembers(groupId),
    }),
  );
