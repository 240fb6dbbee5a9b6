import {
  fromCents,
  ratePercent,
  trackingUrl,
  type CustomerPrice,
  type ExemptedTax,
  type OrderCreditFacts,
  type OrderShippingFacts,
} from '@wholesale/contract';
import { keptPriceColumns, keptPriceReason, type KeptPriceColumns } from '../pricing';
import type { OrderLineRow, OrderRow, ShipmentRow, StatusStepRow } from './orders.queries';

/** Where, when and on what terms the order ships: the same three answers on a page and in a webhook. */
function shipsOn(row: Pick<OrderRow, 'shipTo' | 'requestedShipDate' | 'paymentTerms'>) {
  return {
    ship_to: row.shipTo ?? null,
    requested_ship_date: row.requestedShipDate ?? null,
    payment_terms: row.paymentTerms ?? null,
  };
}

/** A tax as the pages show it: its rate in percent, its amount in dollars. */
function taxInDollars<K extends string>(t: { kind: K; rate: number; amountCents: number }) {
  return { kind: t.kind, rate: ratePercent(t.rate), amount: fromCents(t.amountCents) };
}

/**
 * Where, when and on what terms the order ships, and its estimated taxes: the buyer's order pages,
 * the staff desk and the warehouse's documents show the same facts from the same columns.
 */
export function shippingFactsDto(
  row: Pick<
    OrderRow,
    'shipTo' | 'requestedShipDate' | 'paymentTerms' | 'taxes' | 'taxCents' | 'totalCents'
  > & { taxExemptions?: ExemptedTax[] | null },
): OrderShippingFacts {
  return {
    ...shipsOn(row),
    taxes: (row.taxes ?? []).map(taxInDollars),
    tax_total: fromCents(row.taxCents),
    total_with_tax: fromCents(row.totalCents + row.taxCents),
    // The taxes a customer's certificate exempted: not charged, said with the certificate.
    tax_exemptions: (row.taxExemptions ?? []).map((t) => ({
      ...taxInDollars(t),
      region: t.region,
      certificate_number: t.certificateNumber,
    })),
  };
}

/**
 * What the order waits for on the credit side (docs/product/accounts-receivable.md): its credit
 * hold until a person releases it, the opening deposit it owes (dollars) and when it was received.
 * The buyer's pages and the desk show the same facts from the same columns.
 */
export function creditFactsDto(
  row: Pick<OrderRow, 'holdReason' | 'depositCents'> & {
    /** A raw statement answers the instant as text. */
    depositReceivedAt: Date | string | null;
  },
): OrderCreditFacts {
  const received = row.depositReceivedAt;
  return {
    hold_reason: row.holdReason ?? null,
    deposit: fromCents(row.depositCents ?? 0),
    deposit_received_at: received ? new Date(received).toISOString() : null,
  };
}

/**
 * The same facts in an order event's webhook payload (docs/product/back-office-orders.md,
 * "Webhooks"): amounts in cents like the rest of the payload, the buyer's comment with them.
 */
export function shippingWebhookFields(
  row: Pick<
    OrderRow,
    'shipTo' | 'requestedShipDate' | 'paymentTerms' | 'comment' | 'taxes' | 'taxCents'
  >,
) {
  return {
    ...shipsOn(row),
    order_comment: row.comment ?? null,
    taxes: (row.taxes ?? []).map((t) => ({
      kind: t.kind,
      rate: ratePercent(t.rate),
      amount_cents: t.amountCents,
    })),
    tax_cents: row.taxCents,
  };
}

/** A parcel as staff and buyers see it, with the carrier's tracking link when it has one. */
export function shipmentDto(s: ShipmentRow) {
  return {
    id: s.id,
    carrier: s.carrier,
    tracking_number: s.trackingNumber,
    tracking_url: trackingUrl(s.carrier, s.trackingNumber),
    shipped_at: s.shippedAt.toISOString(),
  };
}

/** History steps as shown; `showStaffNames` false hides who on the staff side made a step. */
export function historyDto(steps: StatusStepRow[], createdAt: Date, showStaffNames: boolean) {
  const list = steps.map((s) => ({
    status: s.toStatus,
    at: s.at.toISOString(),
    by: s.byStaff && !showStaffNames ? null : s.by,
    note: s.note,
  }));
  // Orders placed before the history existed still show when they were placed.
  if (!list.some((s) => s.status === 'placed'))
    list.unshift({ status: 'placed', at: createdAt.toISOString(), by: null, note: null });
  return list;
}

/** The columns an order line keeps of its price's reason (migration 0045), from the pricing engine's. */
export function orderLinePriceColumns(price: Pick<CustomerPrice, 'reason'>) {
  const { reason } = price;
  return reason.kind === 'price_list'
    ? {
        priceReason: reason.kind,
        priceListId: reason.listId,
        priceListName: reason.listName,
        priceListAssignee: reason.assignee,
        priceMinPacks: reason.minPacks,
      }
    : keptPriceColumns({ priceReason: reason.kind });
}

/**
 * A line's kept price reason as flat snake_case fields (null where it has none): how order.placed
 * and the invoice events give it, and how the placed lines travel into their INSERT.
 */
export function priceReasonFields(l: Partial<KeptPriceColumns>) {
  const kept = keptPriceColumns(l);
  return {
    price_reason: kept.priceReason,
    price_list_id: kept.priceListId,
    price_list_name: kept.priceListName,
    price_list_assignee: kept.priceListAssignee,
    price_min_packs: kept.priceMinPacks,
  };
}

/** What staff and buyers both see of an order line's figures: class, packs, prices and why, backorder. */
export function lineFiguresDto(
  l: Pick<
    OrderLineRow,
    | 'classCode'
    | 'quantity'
    | 'shipPack'
    | 'unitPriceCents'
    | 'lineTotalCents'
    | 'backorder'
    | 'priceReason'
    | 'priceListName'
    | 'priceListAssignee'
    | 'priceMinPacks'
    | 'sellingPriceCents'
  >,
) {
  return {
    class: l.classCode,
    item: l.quantity,
    ship_pack: l.shipPack,
    price: fromCents(l.unitPriceCents),
    line_total: fromCents(l.lineTotalCents),
    backorder: l.backorder,
    price_reason: keptPriceReason(l),
    selling_price: l.sellingPriceCents === null ? null : fromCents(l.sellingPriceCents),
  };
}
