import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { applyUserLang } from '@/lib/i18n';
import { storeUser } from '@/lib/session';

/** POST /api/login: the server sets the session cookie; the answer's token is NOT kept by the SPA. */
export const login = (body: LoginBody) => api.post<LoginResponse>('/login', body);

/**
 * Signs in: stores the user record (docs/product/accounts.md, never the token), lets the user's saved language
 * win (docs/product/accounts.md) and refetches everything, since signed-in answers carry prices and stock.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      storeUser(data.user);
      applyUserLang(data.user.lang);
      void queryClient.invalidateQueries();
    },
  });
}
