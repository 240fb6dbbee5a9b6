import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Country, type Lang } from './values';

export * from './values';
export * from './dates';

/** Accepts the wire forms of a language ('' , 'en', 'fr', 'es', also 'sp') and yields one of LANGS. */
export const LangParam = z
  .string()
  .max(5)
  .optional()
  .transform((value, ctx): Lang => {
    const v = (value ?? '').trim().toLowerCase();
    if (v === '' || v === 'en') return 'en';
    if (v === 'fr') return 'fr';
    if (v === 'es' || v === 'sp') return 'es';
    ctx.addIssue({ code: 'custom', message: 'Language must be en, fr or es' });
    return z.NEVER;
  });

/** The country a parameter names ('' is Canada), or an issue on it (and zod's NEVER) when it names none. */
function countryOrRefusal(value: string, ctx: z.RefinementCtx): Country {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'ca' || v === 'cad' || v === 'canada') return 'ca';
  if (v === 'us' || v === 'usa') return 'us';
  ctx.addIssue({ code: 'custom', message: 'Country must be ca or us' });
  return z.NEVER;
}

/** An optional country parameter: absent stays undefined so the session or cookie can decide. */
export const OptionalCountryParam = z
  .string()
  .max(10)
  .optional()
  .transform((value, ctx): Country | undefined =>
    value === undefined || value.trim() === '' ? undefined : countryOrRefusal(value, ctx),
  );

export const CountryParam = z
  .string()
  .max(5)
  .optional()
  .transform((value, ctx): Country => countryOrRefusal(value ?? '', ctx));

export const PageSizeParam = z.coerce
  .number({ message: 'Page size must be one of 25, 50, 75, 100, 125, 300' })
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
    message: 'Page size must be one of 25, 50, 75, 100, 125, 300',
  })
  .default(DEFAULT_PAGE_SIZE);

export const PageParam = z.coerce
  .number({ message: 'Page must be a whole number of at least 1' })
  .int({ message: 'Page must be a whole number of at least 1' })
  .min(1, { message: 'Page must be a whole number of at least 1' })
  .max(1_000_000)
  .default(1);

/** The error body of every failed call (docs/product/errors-and-constants.md). */
export const ErrorBody = z.object({
  status: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    reason: z
      .object({
        key: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      })
      .optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A paginated list (docs/product/errors-and-constants.md): { data, total, current_page, last_page, per_page }. */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
  });
}

/** A paginated list answer: `status: true` and the page (see `paginated`). */
export function listResponse<T extends z.ZodTypeAny>(item: T) {
  return okResponse(paginated(item).shape);
}

export const OkBody = z.object({ status: z.literal(true) });

/** A success answer: `status: true` and the given fields after it. */
export function okResponse<S extends z.ZodRawShape>(fields: S) {
  return OkBody.extend(fields);
}

/** A success answer carrying one thing (an item, a list, a small record) as `data`. */
export function dataResponse<T extends z.ZodTypeAny>(data: T) {
  return okResponse({ data });
}
