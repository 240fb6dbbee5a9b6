import { useMutation } from '@tanstack/react-query';
import type { StatusMessageResponse, UpdateProfileBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';

/** PUT /api/updateProfile {id, old_password, new_password} (docs/product/accounts.md). */
export const changePassword = (body: UpdateProfileBody) =>
  api.put<StatusMessageResponse>('/updateProfile', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
