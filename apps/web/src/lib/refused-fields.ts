import { ApiError } from './api-client';

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
