import { z } from 'zod';
import { ItemQuantity } from '../cart';
import { CustomerNumber, idSchema, requiredText } from '../common/safe-input';

/**
 * A quantity staff type for a customer's cart line: whole ship packs, at least one, read by the
 * buyer's own rule (`ItemQuantity`: 2.5 packs or a negative number are refused naming `item`).
 * Removing a line is its own call, so 0 is refused here rather than read as "remove".
 */
const PhoneCartQuantity = ItemQuantity.refine((n) => n >= 1, {
  message: 'Quantity must be at least 1',
});

/** The customer and, for a line's change or removal, the line of their cart (phone orders). */
export const PhoneCartLineParams = z.object({
  customer_id: CustomerNumber,
  line_id: idSchema('line_id'),
});
export type PhoneCartLineParams = z.input<typeof PhoneCartLineParams>;

/**
 * POST /api/admin/phone-orders/:customer_id/cart/lines: staff add ship packs of a product, named by
 * the code the customer reads out, to the customer's cart (an existing line grows, as the buyer's
 * own add does). Answers the customer's whole cart with what happened to the quantity (`notice`).
 */
export const PhoneCartAddBody = z.object({
  product_id: requiredText(
    64,
    'product_id is required',
    'product_id is too long (64 characters at most)',
  ),
  item: PhoneCartQuantity,
});
export type PhoneCartAddBody = z.input<typeof PhoneCartAddBody>;

/** PATCH /api/admin/phone-orders/:customer_id/cart/lines/:line_id: a line's new quantity. */
export const PhoneCartLineBody = z.object({ item: PhoneCartQuantity });
export type PhoneCartLineBody = z.input<typeof PhoneCartLineBody>;
