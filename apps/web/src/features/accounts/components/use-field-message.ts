import { accountMessageKey } from '@wholesale/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

// Server-only messages (not in the contract's ACCOUNT_MESSAGES) with their translation keys.
const SERVER_MESSAGES: Record<string, 'oldPasswordWrong' | 'linkInvalid'> = {
  'The current password is incorrect': 'oldPasswordWrong',
  'This reset link is invalid or has expired. Please ask for a new one.': 'linkInvalid',
};

/**
 * Field messages arrive in English (the contract's docs/product/accounts.md texts, or the API's); this shows them
 * in the user's language by looking up their key in accounts:validation.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('accounts');
  return useCallback(
    (message) => {
      if (!message) return undefined;
      const key = accountMessageKey(message) ?? SERVER_MESSAGES[message];
      return key ? t(`validation.${key}`) : message;
    },
    [t],
  );
}

/**
 * Puts an API 400's field messages on the form's fields; returns the messages of fields the form
 * does not have (e.g. `token`), so the page can show them elsewhere.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const rest: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fieldNames as readonly string[]).includes(name))
      setError(name as Path<T>, { type: 'server', message });
    else rest.push(message);
  }
  return rest;
}
