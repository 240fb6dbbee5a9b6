import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { MailPreferences, MailPreferencesResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { accountsKeys } from './keys';

/** GET /api/me/mail-preferences: whether the order accepted/cancelled mails are on. */
export const getMailPreferences = () => api.get<MailPreferencesResponse>('/me/mail-preferences');

export const mailPreferencesQuery = () =>
  queryOptions({ queryKey: accountsKeys.key('mail-preferences'), queryFn: getMailPreferences });

export const useMailPreferences = () => useQuery(mailPreferencesQuery());

/** PUT /api/me/mail-preferences, shown at once and rolled back when the server refuses. */
export const updateMailPreferences = (body: MailPreferences) =>
  api.put<MailPreferencesResponse>('/me/mail-preferences', body);

export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const { t } = useTranslation('accounts');
  const { queryKey } = mailPreferencesQuery();
  return useMutation({
    mutationFn: updateMailPreferences,
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<MailPreferencesResponse>(queryKey);
      queryClient.setQueryData<MailPreferencesResponse>(queryKey, { status: true, preferences });
      return { previous };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      toast.error(errorMessage(error));
    },
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      toast.success(t('mailPreferences.saved'));
    },
  });
}
