import { useMutation } from '@tanstack/react-query';
import type { SetPasswordLinkResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';

/** POST /api/admin/customers/:id/set-password-mail: the set-password mail again (a fresh link). */
export const sendSetPasswordMail = (id: number) =>
  api.post<unknown>(`/admin/customers/${id}/set-password-mail`);

/** POST /api/admin/customers/:id/set-password-link: a fresh set-password link to pass on. */
export const getSetPasswordLink = (id: number) =>
  api.post<SetPasswordLinkResponse>(`/admin/customers/${id}/set-password-link`);

export const useSendSetPasswordMail = () => useMutation({ mutationFn: sendSetPasswordMail });

export const useSetPasswordLink = () => useMutation({ mutationFn: getSetPasswordLink });
