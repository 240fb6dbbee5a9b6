import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, UpdatePreferencesBody } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { getStoredUser, storeUser } from '@/lib/session';
import { accountsKeys } from './keys';

/** PUT /api/me/preferences {lang}: the language of the site after sign-in and of the e-mails. */
export const updatePreferences = (body: UpdatePreferencesBody) =>
  api.put<MeResponse>('/me/preferences', body);

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: async (data) => {
      const stored = getStoredUser();
      if (stored) storeUser({ ...stored, lang: data.user.lang });
      queryClient.setQueryData(accountsKeys.key('me'), data);
      await setLanguage(data.user.lang);
    },
  });
}
