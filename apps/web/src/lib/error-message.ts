import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, reasonValues } from '@wholesale/contract';
import type errors from '@/locales/en/errors.json';
import { ApiError } from './api-client';

/**
 * Turns any thrown value into text for the user: an ApiError's reason (contract ERROR_REASONS, with
 * its amounts formatted for the language) or else its code is looked up in the errors namespace
 * (CONVENTIONS.md #6); a network failure and anything else get a generic message.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        const reason = error.reason && `reason.${error.reason.key}`;
        if (reason && i18n.exists(reason, { ns: 'errors' })) {
          const locale = `${i18n.language}-CA`;
          const values = reasonValues(error.reason?.params, (cents) => formatMoney(cents, locale));
          return t(reason as 'reason.OUT_OF_STOCK', values);
        }
        if (i18n.exists(error.code, { ns: 'errors' }))
          return t(error.code as Exclude<keyof typeof errors, 'reason'>);
        return error.message || t('UNKNOWN');
      }
      if (error instanceof TypeError) return t('NETWORK');
      return t('UNKNOWN');
    },
    [t, i18n],
  );
}
