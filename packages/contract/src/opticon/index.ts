import { z } from 'zod';
import { LangParam, OptionalCountryParam, dataResponse } from '../common';
import { CartResponse, UserIdParam } from '../cart';

export * from './parse';

/** Most lines one upload may carry. */
export const MAX_OPTICON_LINES = 2000;

/** A scanned code as a line of an upload carries it. */
const OpticonCode = z.string().trim().min(1, { message: 'Each line needs a code' }).max(64);

/** An upload's lines: at least one, at most MAX_OPTICON_LINES. */
const uploadLines = <T extends z.ZodType>(lines: z.ZodArray<T>) =>
  lines
    .min(1, { message: 'There is nothing to upload' })
    .max(MAX_OPTICON_LINES, { message: `At most ${MAX_OPTICON_LINES} lines per upload` });

/** POST /api/opticon body (docs/product/opticon.md): the parsed lines, user_id and country. */
export const StoreOpticonBody = z.object({
  products: uploadLines(
    z.array(
      z.object({
        code: OpticonCode,
        quantity: z.coerce
          .number({ message: 'Quantity must be a whole number of at least 1' })
          .int()
          .min(1, {
            message: 'Quantity must be a whole number of at least 1',
          })
          .max(100_000),
      }),
      { message: 'products must be a list of {code, quantity}' },
    ),
  ),
  user_id: UserIdParam,
  country: OptionalCountryParam,
});
export type StoreOpticonBody = z.input<typeof StoreOpticonBody>;

export const OPTICON_LINE_STATUSES = ['added', 'clamped', 'unknown', 'unavailable'] as const;
export type OpticonLineStatus = (typeof OPTICON_LINE_STATUSES)[number];

export const OpticonLineResult = z.object({
  code: z.string(),
  quantity: z.number().int(),
  status: z.enum(OPTICON_LINE_STATUSES),
  product_id: z.string().nullable(),
  name: z.string().nullable(),
  added: z.number().int(),
});
export type OpticonLineResult = z.infer<typeof OpticonLineResult>;

export const OpticonResponse = CartResponse.extend({ results: z.array(OpticonLineResult) });
export type OpticonResponse = z.infer<typeof OpticonResponse>;

/** POST /api/opticon/match: the codes of a parsed file, matched for the preview (nothing is added). */
export const OpticonMatchBody = z.object({
  codes: uploadLines(z.array(OpticonCode)),
});

/** The fields of `shape`, each of them nullable. */
const nullableFields = <S extends Record<string, z.ZodType>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.nullable()])) as {
    [K in keyof S]: z.ZodNullable<S[K]>;
  };

/** What the scan preview and the quick-order pad show of a product found by a code. */
const OrderableProduct = z.object({
  product_id: z.string(),
  name: z.string(),
  available: z.number().int(),
  ship_pack: z.number().int(),
  class: z.string(),
});

/** A code of an upload and the product it matches: each product fact null when it matches none. */
export const OpticonMatch = z.object({
  code: z.string(),
  status: z.enum(['ok', 'unknown', 'unavailable']),
  ...nullableFields(OrderableProduct.shape),
});
export type OpticonMatch = z.infer<typeof OpticonMatch>;
/** The preview of a code that matches no product: nothing is known of it but the code. */
export function unknownOpticonMatch(code: string): OpticonMatch {
  return {
    code,
    status: 'unknown',
    product_id: null,
    name: null,
    available: null,
    ship_pack: null,
    class: null,
  };
}
export const OpticonMatchResponse = dataResponse(z.array(OpticonMatch));
export type OpticonMatchResponse = z.infer<typeof OpticonMatchResponse>;

/** GET /api/quick-order/suggest?q=: product suggestions for the quick-order pad. */
export const QuickOrderSuggestQuery = z.object({
  q: z.string().trim().min(1, { message: 'Type at least one character' }).max(64),
  lang: LangParam,
});
export const QuickOrderSuggestion = OrderableProduct.extend({ unavailable: z.boolean() });
export type QuickOrderSuggestion = z.infer<typeof QuickOrderSuggestion>;
export const QuickOrderSuggestResponse = dataResponse(z.array(QuickOrderSuggestion));
export type QuickOrderSuggestResponse = z.infer<typeof QuickOrderSuggestResponse>;
