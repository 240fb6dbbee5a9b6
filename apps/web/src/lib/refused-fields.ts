import { toast } from 'sonner';
import { ApiError } from './api-client';
import type { CountryCode } from './country';
import { useErrorMessage } from './error-message';

/**
 * The fields of a form that an API refusal names, each with the words `text` gives it (the
 * refusal and the server's message for that field are at hand); undefined when the error names no
 * field (a network failure, a refusal of the whole request). A field is named by its own name or
 * by a part of it: `allocations.0.amount_cents` names `allocations`.
 */
export function refusedFields<F extends string>(
  error: unknown,
  fields: readonly F[],
  text: (field: F, refusal: ApiError, message: string) => string,
): Partial<Record<F, string>> | undefined {
  if (!(error instanceof ApiError) || !error.fields) return undefined;
  const refused = Object.entries(error.fields);
  const named: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const found = refused.find(([name]) => name === field || name.startsWith(`${field}.`));
    if (found) named[field] = text(field, error, found[1]);
  }
  return named;
}

/**
 * What a staff form does when its save fails (customer details, credit terms, a payment): the
 * fields the refusal names show why (the refusal's reason, else `fieldText`, else the error's own
 * words) and a toast says why too. Amounts in the words are in `country`'s currency.
 */
export function useSaveFailed<F extends string>(
  fields: readonly F[],
  setErrors: (named: Partial<Record<NoInfer<F>, string>>) => void,
  { country, fieldText }: { country?: CountryCode; fieldText?: (field: NoInfer<F>) => string } = {},
) {
  const errorMessage = useErrorMessage(country);
  return (error: unknown) => {
    const named = refusedFields(error, fields, (field, refusal) =>
      refusal.reason || !fieldText ? errorMessage(refusal) : fieldText(field),
    );
    if (named) setErrors(named);
    toast.error(errorMessage(error));
  };
}
