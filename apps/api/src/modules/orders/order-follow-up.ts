import { fromCents, trackingUrl } from '@wholesale/contract';
import type { OrderLineRow, ShipmentRow, StatusStepRow } from './orders.queries';

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

/** What staff and buyers both see of an order line's figures: class, packs, prices, backorder. */
export function lineFiguresDto(
  l: Pick<
    OrderLineRow,
    'classCode' | 'quantity' | 'shipPack' | 'unitPriceCents' | 'lineTotalCents' | 'backorder'
  >,
) {
  return {
    class: l.classCode,
    item: l.quantity,
    ship_pack: l.shipPack,
    price: fromCents(l.unitPriceCents),
    line_total: fromCents(l.lineTotalCents),
    backorder: l.backorder,
  };
}
