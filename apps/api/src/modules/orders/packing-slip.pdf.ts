import type { AdminOrderDetail, OrderShipment } from '@wholesale/contract';
import { plainName, warehouseDocument } from './warehouse-pdf';

type Line = AdminOrderDetail['lines'][number];

/**
 * What a line's status column says: on the slip of what is still to ship, "To ship", "Back-order"
 * or the parcel that carried it; on a parcel's slip, whether it is in this parcel, went in another
 * one, or is still to follow.
 */
function lineState(l: Line, parcel: OrderShipment | null): string {
  if (parcel && l.shipment_id === parcel.id) return 'In this parcel';
  if (l.shipment_id !== null) return `Shipped (parcel #${l.shipment_id})`;
  if (parcel) return l.backorder ? 'Back-order, to follow' : 'To follow';
  return l.backorder ? 'Back-order' : 'To ship';
}

/**
 * The packing slip that travels in the parcel (docs/product/back-office-orders.md, "Warehouse
 * documents"): where it goes (ship-to, PO, requested date, comment), then every line of the order
 * with its quantity in ship packs and in units and its state, so the customer's receiving clerk can
 * check the box against it. Printed for a recorded parcel, it says what this box carries, what went
 * in another and what is still to follow. No prices: the person opening the box is rarely the one
 * who buys, and the invoice carries the amounts.
 */
export const renderPackingSlipPdf = warehouseDocument(
  'Packing slip',
  (order, parcel: OrderShipment | null) => {
    const inBox = order.lines.filter((l) =>
      parcel ? l.shipment_id === parcel.id : l.shipment_id === null && !l.backorder,
    );
    const packs = inBox.reduce((sum, l) => sum + l.item, 0);
    const units = inBox.reduce((sum, l) => sum + l.item * l.ship_pack, 0);
    return {
      ...(parcel ? { parcel: parcel.id } : {}),
      dateLine: `Order date: ${order.date.slice(0, 10)}${parcel ? `    Shipped: ${parcel.shipped_at.slice(0, 10)}` : ''}`,
      cols: [48, 130, 300, 350, 400, 450],
      heading: ['Product', 'Name', 'Packs', 'Pack of', 'Units', 'Status'],
      wrap: 1,
      rows: order.lines.map((l) => [
        l.product_id,
        plainName(l.name),
        String(l.item),
        String(l.ship_pack),
        String(l.item * l.ship_pack),
        lineState(l, parcel),
      ]),
      summary: `${parcel ? 'In this parcel' : 'To ship'}: ${packs} pack(s), ${units} unit(s)`,
    };
  },
);
