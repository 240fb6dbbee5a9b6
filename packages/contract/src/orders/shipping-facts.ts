import { z } from 'zod';
import { OrderTaxLine, PAYMENT_TERMS, ShipToAddress } from '../checkout';
import { OrderTaxExemption } from '../receivables/tax-exemptions';

/**
 * Where, when and on what terms an order ships, and its estimated taxes: the buyer's order pages
 * and the staff order desk show the same facts (docs/product/back-office-orders.md).
 */
export const OrderShippingFacts = z.object({
  /** The address the order ships to, as it was when ordered (null on orders placed before). */
  ship_to: ShipToAddress.omit({ id: true, is_default: true }).nullable(),
  requested_ship_date: z.string().nullable(),
  payment_terms: z.enum(PAYMENT_TERMS).nullable(),
  /** Estimated sales taxes on `total` (the goods total); `total_with_tax` adds them. */
  taxes: z.array(OrderTaxLine),
  tax_total: z.number(),
  total_with_tax: z.number(),
  /** The taxes a certificate exempted (not in `taxes`, not charged); optional: older answers. */
  tax_exemptions: z.array(OrderTaxExemption).optional(),
});
export type OrderShippingFacts = z.infer<typeof OrderShippingFacts>;
