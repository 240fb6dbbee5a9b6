import { z } from 'zod';
import { OptionalCountryParam } from '../common';
import { CartResponse, UserIdParam } from '../cart';

export * from './parse';

/** Most lines one upload may carry. */
export const MAX_OPTICON_LINES = 2000;

/** POST /api/opticon body (SPEC.md §7): the parsed lines, user_id and country. */
export const StoreOpticonBody = z.object({
  products: z
    .array(
      z.object({
        code: z.string().trim().min(1, { message: 'Each line needs a code' }).max(64),
        quantity: z.coerce.number({ message: 'Quantity must be a whole number of at least 1' }).int().min(1, {
          message: 'Quantity must be a whole number of at least 1',
        }).max(100_000),
      }),
      { message: 'products must be a list of {code, quantity}' },
    )
    .min(1, { message: 'There is nothing to upload' })
    .max(MAX_OPTICON_LINES, { message: `At most ${MAX_OPTICON_LINES} lines per upload` }),
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
