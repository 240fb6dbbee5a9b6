import { useCallback } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, reasonValues } from '@wholesale/contract';
import type errors from '@/locales/en/errors.json';
import { ApiError } from './api-client';
import { useCountry, type CountryCode } from './country';

/**
 * The request id of a server failure (5xx), which the server also logs: a buyer who reports
 * "Reference: …" can be found in the logs. Client errors explain themselves and carry none.
 */
export function errorReference(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 500 ? error.requestId : undefined;
}

type ErrorKey = Exclude<keyof typeof errors, 'reason' | 'reference'>;

/**
 * Turns any thrown value into text for the user: an ApiError's reason (contract ERROR_REASONS, with
 * its amounts formatted for the language) or else its code is looked up in the errors namespace
 * (docs/conventions.md #6); a network failure and anything else get a generic message. Amounts are in
 * `country`'s currency. Never the server's own English text, unless the code is one the app does
 * not know yet.
 */
export function describeError(error: unknown, i18n: I18n, country: CountryCode): string {
  const t = i18n.getFixedT(null, 'errors');
  if (error instanceof ApiError) {
    const reason = error.reason && `reason.${error.reason.key}`;
    if (reason && i18n.exists(reason, { ns: 'errors' })) {
      const values = reasonValues(error.reason?.params, formatMoney(i18n.language, country));
      return t(reason as 'reason.OUT_OF_STOCK', values);
    }
    const reference = errorReference(error);
    const text = i18n.exists(error.code, { ns: 'errors' })
      ? t(error.code as ErrorKey)
      : error.message || t('UNKNOWN');
    return reference ? `${text} ${t('reference', { id: reference })}` : text;
  }
  if (error instanceof TypeError) return t('NETWORK');
  return t('UNKNOWN');
}

/**
 * describeError in the current language, amounts in the shopper's currency or in `currencyOf`'s
 * (staff acting for a customer).
 */
export function useErrorMessage(currencyOf?: CountryCode): (error: unknown) => string {
  const { i18n } = useTranslation('errors');
  const shopper = useCountry();
  const country = currencyOf ?? shopper;
  const language = i18n.language;
  return useCallback(
    (error: unknown) => describeError(error, i18n, country),
    // The language is a dependency so that a switch re-renders users with the new text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, language, country],
  );
}
