import { z } from 'zod';
import { okResponse } from '../common';
import { PAYMENT_TERMS } from './rules';
import { ActiveTaxExemptionDto } from '../receivables/tax-exemptions';
import { CheckoutCreditFacts } from '../receivables/credit';

// ----- Wire shapes ----------------------------------------------------------------------------

/** The postal lines of an address on the wire: a ship-to address, an invoice's parties. */
export const POSTAL_ADDRESS_FIELDS = {
  company: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.enum(['ca', 'us']),
};

/** A ship-to address of the account, as the buyer sees it. */
export const ShipToAddress = z.object({
  id: z.number().int(),
  label: z.string(),
  ...POSTAL_ADDRESS_FIELDS,
  is_default: z.boolean(),
});
export type ShipToAddress = z.infer<typeof ShipToAddress>;

/** GET /api/checkout: what the buyer chooses from and is told before pressing Place order. */
export const CheckoutResponse = okResponse({
  addresses: z.array(ShipToAddress),
  payment_terms: z.enum(PAYMENT_TERMS),
  /** Only present for an account that has not ordered yet (the opening minimum applies). */
  opening_minimum: z.number().nullable(),
  earliest_ship_date: z.string(),
  /** The account's certificates valid today, every region (optional: answers before had none). */
  tax_exemptions: z.array(ActiveTaxExemptionDto).optional(),
  /** Added (accounts-receivable.md): net days, deposit due, available credit, account hold. */
  ...CheckoutCreditFacts.shape,
});
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const OrderTaxLine = z.object({
  kind: z.enum(['GST', 'HST', 'PST', 'QST', 'STATE']),
  rate: z.number(),
  amount: z.number(),
});
export type OrderTaxLine = z.infer<typeof OrderTaxLine>;
