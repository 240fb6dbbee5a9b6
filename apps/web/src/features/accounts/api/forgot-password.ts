import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, StatusMessageResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';

/** POST /api/forgot-password: the same answer whether or not the address exists. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<StatusMessageResponse>('/forgot-password', body);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
