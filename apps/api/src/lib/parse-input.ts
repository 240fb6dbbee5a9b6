import type { z } from 'zod';
import { fieldError } from './app-error';

/**
 * Validates input the route schema could not (parameters that may arrive in the query or the
 * body); failures answer 400 naming each field, like schema validation does.
 */
export function parseInput<T extends z.ZodTypeAny>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw fieldError(fields);
}
