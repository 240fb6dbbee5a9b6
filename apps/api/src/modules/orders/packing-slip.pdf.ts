import type { AdminOrderDetail } from '@wholesale/contract';
import { plainName, warehouseDocument } from './warehouse-pdf';

/** What a line's status column says on the packing slip. */
function lineState(l: AdminOrderDetail['lines'][number]): string {
  if (l.shipment_id !== null) return `Shipped (parcel #${l.shipment_id})`;
  return l.backorder ? 'Back-order' : 'To ship';
}

/**
 * The packing slip that travels in the parcel (docs/product/back-office-orders.md, "Warehouse
 * documents"): where it goes (ship-to, PO, requested date, comment), then every line of the order
 * with its quantity in ship packs and in units and whether it is to ship, back-ordered or already
 * shipped in an earlier parcel, so the customer's receiving clerk can check the box against it. No prices: the
 * person opening the box is rarely the one who buys, and the invoice carries the amounts.
 */
export const renderPackingSlipPdf = warehouseDocument('Packing slip', (order) => {
  const toShip = order.lines.filter((l) => l.shipment_id === null && !l.backorder);
  const packs = toShip.reduce((sum, l) => sum + l.item, 0);
  const units = toShip.reduce((sum, l) => sum + l.item * l.ship_pack, 0);
  return {
    dateLine: `Order date: ${order.date.slice(0, 10)}`,
    cols: [48, 130, 300, 350, 400, 450],
    heading: ['Product', 'Name', 'Packs', 'Pack of', 'Units', 'Status'],
    wrap: 1,
    rows: order.lines.map((l) => [
      l.product_id,
      plainName(l.name),
      String(l.item),
      String(l.ship_pack),
      String(l.item * l.ship_pack),
      lineState(l),
    ]),
    summary: `To ship: ${packs} pack(s), ${units} unit(s)`,
  };
});
