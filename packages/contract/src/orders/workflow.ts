/**
 * The order workflow (docs/product/back-office-orders.md): which status may follow which, and what
 * a shipping step needs. Pure rules shared by the API (which enforces them) and the web (which only
 * offers the allowed actions).
 */
export const ORDER_STATUSES = [
  'placed',
  'accepted',
  'picking',
  'partially_shipped',
  'shipped',
  'invoiced',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Orders still on their way: not shipped in full, not invoiced, not cancelled. The address such an
 * order ships to stays in the address book (docs/product/accounts.md "Addresses").
 */
export const OPEN_ORDER_STATUSES = [
  'placed',
  'accepted',
  'picking',
  'partially_shipped',
] as const satisfies readonly OrderStatus[];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['accepted', 'cancelled'],
  accepted: ['picking', 'cancelled'],
  picking: ['partially_shipped', 'shipped'],
  // Another partial shipment, or the last lines leave.
  partially_shipped: ['partially_shipped', 'shipped'],
  shipped: ['invoiced'],
  invoiced: [],
  cancelled: [],
};

/** The statuses an order in `from` may move to, in workflow order. */
export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** True when `from → to` is a step of the workflow. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Shipping steps carry a carrier (and usually a tracking number). */
export function isShippingStatus(status: OrderStatus): boolean {
  return status === 'shipped' || status === 'partially_shipped';
}

/** Cancelling gives the stock the order took back to the catalogue. */
export function returnsStock(to: OrderStatus): boolean {
  return to === 'cancelled';
}

/** The buyer's mail for a status, if any; `optional` mails follow the buyer's preference. */
export function statusMailFor(
  to: OrderStatus,
): { template: 'order-accepted' | 'order-shipped' | 'order-cancelled'; optional: boolean } | null {
  if (to === 'accepted') return { template: 'order-accepted', optional: true };
  if (to === 'cancelled') return { template: 'order-cancelled', optional: true };
  if (isShippingStatus(to)) return { template: 'order-shipped', optional: false };
  return null;
}

/**
 * What a status change needs beyond an allowed transition, as field → message (empty when fine):
 * shipping needs a carrier; a partial shipment names the lines it carries and leaves some behind.
 */
export function shippingProblems(input: {
  to: OrderStatus;
  carrier?: string | null;
  lineIds?: readonly number[] | null;
  waitingLineIds: readonly number[];
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isShippingStatus(input.to)) return problems;
  if (!input.carrier?.trim()) problems.carrier = 'carrier is required to ship';
  if (input.to === 'partially_shipped') {
    const chosen = [...new Set(input.lineIds ?? [])];
    if (chosen.length === 0)
      problems.line_ids = 'line_ids must name the lines shipped in this parcel';
    else if (chosen.some((id) => !input.waitingLineIds.includes(id)))
      problems.line_ids = 'line_ids may only name lines that have not shipped yet';
    else if (chosen.length >= input.waitingLineIds.length)
      problems.line_ids = 'a partial shipment must leave at least one line back-ordered';
  }
  return problems;
}

export const CARRIERS = ['canada_post', 'purolator', 'ups', 'fedex', 'usps', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_URLS: Partial<Record<Carrier, string>> = {
  canada_post: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  purolator: 'https://www.purolator.com/en/shipping/tracker?pin={n}',
  ups: 'https://www.ups.com/track?tracknum={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
};

/** The carrier's tracking page for a number; null for other carriers (shown as plain text). */
export function trackingUrl(carrier: string, trackingNumber: string | null): string | null {
  const template = TRACKING_URLS[carrier as Carrier];
  if (!template || !trackingNumber?.trim()) return null;
  return template.replace('{n}', encodeURIComponent(trackingNumber.trim()));
}
