import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type errors from '@/locales/en/errors.json';
import { ApiError } from './api-client';

/**
 * Turns any thrown value into text for the user: an ApiError's code is looked up in the errors
 * namespace (CONVENTIONS.md #6); a network failure and anything else get a generic message.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (i18n.exists(error.code, { ns: 'errors' })) return t(error.code as keyof typeof errors);
        return error.message || t('UNKNOWN');
      }
      if (error instanceof TypeError) return t('NETWORK');
      return t('UNKNOWN');
    },
    [t, i18n],
  );
}
