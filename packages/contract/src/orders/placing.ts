import { OrderCreditFacts } from '../receivables';
import { optionalDateField } from '../common';
import { ERROR_REASONS } from '../common/errors';

// What the buyer's checkout and the staff phone desk share: both place an order from a cart, so
// they take the same ship date and answer the same credit facts.

/** YYYY-MM-DD, a business day, not in the past (checked against the server's today). */
export const RequestedShipDateField = optionalDateField('requested_ship_date', {
  message: ERROR_REASONS.SHIP_DATE_INVALID,
  reason: 'SHIP_DATE_INVALID',
});

/**
 * Added to what placing answers: why the new order waits for credit review (null: it does not),
 * and the opening deposit it owes.
 */
export const PlacedOrderCreditFacts = OrderCreditFacts.pick({ hold_reason: true, deposit: true });
