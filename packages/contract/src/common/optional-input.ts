import { z } from 'zod';

/**
 * `field`, or nothing: a filter or form field sent blank ('' from an empty input, or `?status=`)
 * reads as undefined, like one not sent at all.
 */
export function optionalOrBlank<T extends z.ZodType>(field: T) {
  return field.optional().or(z.literal('').transform(() => undefined));
}
