/**
 * Price lists as staff and the ERP write them (docs/product/pricing.md "Managing price lists"): the
 * request shapes. A list has one currency; its entries price a product (SKU), a brand (name) or a
 * category (cat_code), by a fixed unit price or a share off the selling price, optionally from a
 * number of packs and between two days.
 */
import { z } from 'zod';
import { optionalDateField } from '../common/dates';
import { idSchema, MAX_DATABASE_INTEGER, requiredText } from '../common/safe-input';
import type { Country } from '../common/values';

export const PRICE_LIST_CURRENCIES = ['CAD', 'USD'] as const;
export type PriceListCurrency = (typeof PRICE_LIST_CURRENCIES)[number];

/** A customer's lists are of their country's currency: CAD in Canada, USD in the USA. */
export const currencyOfCountry = (country: Country): PriceListCurrency =>
  country === 'us' ? 'USD' : 'CAD';

export const PRICE_TARGET_KINDS = ['product', 'brand', 'category'] as const;
export const PRICE_RULE_KINDS = ['fixed', 'percent_off'] as const;

/** The most packs a volume break may start from (far above any real order line). */
export const MAX_BREAK_PACKS = 100_000;

export const priceListInput = z.object({
  name: requiredText(80, 'name is required', 'name must be at most 80 characters'),
  currency: z.enum(PRICE_LIST_CURRENCIES, { error: 'currency must be CAD or USD' }),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type PriceListInput = z.infer<typeof priceListInput>;

export const priceListEntryInput = z
  .object({
    target: z.enum(PRICE_TARGET_KINDS, { error: 'target must be product, brand or category' }),
    /** The product's SKU, the brand's name or code, or the category's cat_code. */
    code: requiredText(120, 'code is required', 'code must be at most 120 characters'),
    min_packs: z
      .number({ error: 'min_packs must be a whole number of packs' })
      .int({ error: 'min_packs must be a whole number of packs' })
      .min(1, { error: 'min_packs must be at least 1' })
      .max(MAX_BREAK_PACKS, { error: `min_packs must be at most ${MAX_BREAK_PACKS}` })
      .default(1),
    kind: z.enum(PRICE_RULE_KINDS, { error: 'kind must be fixed or percent_off' }),
    /** kind fixed: the unit price in cents. */
    unit_cents: z
      .number({ error: 'unit_cents must be a whole number of cents' })
      .int({ error: 'unit_cents must be a whole number of cents' })
      .min(0, { error: 'unit_cents must be 0 or more' })
      .max(MAX_DATABASE_INTEGER, { error: 'unit_cents is too large' })
      .optional(),
    /** kind percent_off: hundredths of a percent off the selling price (800 = 8 %). */
    basis_points: z
      .number({ error: 'basis_points must be a whole number' })
      .int({ error: 'basis_points must be a whole number' })
      .min(1, { error: 'basis_points must be between 1 and 10000' })
      .max(10_000, { error: 'basis_points must be between 1 and 10000' })
      .optional(),
    starts_on: optionalDateField('starts_on'),
    ends_on: optionalDateField('ends_on'),
  })
  .superRefine((entry, ctx) => {
    if (entry.kind === 'fixed' && entry.unit_cents === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['unit_cents'],
        message: 'unit_cents is required for a fixed price',
      });
    if (entry.kind === 'percent_off' && entry.basis_points === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['basis_points'],
        message: 'basis_points is required for a share off',
      });
    if (entry.starts_on && entry.ends_on && entry.ends_on < entry.starts_on)
      ctx.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: 'ends_on must not be before starts_on',
      });
  });
export type PriceListEntryInput = z.infer<typeof priceListEntryInput>;

/** A list is given to one customer (by customer code) or to one customer group. */
export const priceListAssignmentInput = z
  .object({
    customer_code: requiredText(20, 'customer_code is required').optional(),
    group_id: idSchema('group_id').optional(),
  })
  .refine((a) => (a.customer_code === undefined) !== (a.group_id === undefined), {
    message: 'give either customer_code or group_id',
    path: ['customer_code'],
  });
export type PriceListAssignmentInput = z.infer<typeof priceListAssignmentInput>;

export const customerGroupInput = z.object({
  name: requiredText(80, 'name is required', 'name must be at most 80 characters'),
});
export type CustomerGroupInput = z.infer<typeof customerGroupInput>;
