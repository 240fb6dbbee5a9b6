import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, StatusMessageResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';

/** POST /api/reset-password {email, new_password, confirm_password, token}. */
export const resetPassword = (body: ResetPasswordBody) =>
  api.post<StatusMessageResponse>('/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
