import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';
import { signOutOnPurpose } from '@/lib/session';

/**
 * Logout (docs/product/accounts.md): ends the server session, reduces the stored user to its lang, drops cached
 * user data and goes to /. A 401/404 from the server still signs out locally (already gone).
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await api.post('/logout');
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 404))) {
        void import('sonner').then(({ toast }) => toast.error(t('topBar.logoutFailed')));
        setPending(false);
        return;
      }
    }
    // On purpose: a signed-in-only page the user is on sends them home, not to /login (guards.tsx).
    signOutOnPurpose();
    queryClient.clear();
    setPending(false);
    void navigate(paths.home());
  }, [navigate, queryClient, t]);
  return { logout, pending };
}
