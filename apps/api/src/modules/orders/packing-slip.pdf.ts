import type { AdminOrderDetail, StoreIdentity } from '@wholesale/contract';
import { plainName, renderWarehouseDocument, tableRow } from './warehouse-pdf';

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
export function renderPackingSlipPdf(
  order: AdminOrderDetail,
  identity: StoreIdentity | null = null,
): Promise<Buffer> {
  return renderWarehouseDocument(
    'Packing slip',
    `Order date: ${order.date.slice(0, 10)}`,
    order,
    identity,
    (doc) => {
      const cols = [48, 130, 300, 350, 400, 450];
      tableRow(doc, cols, ['Product', 'Name', 'Packs', 'Pack of', 'Units', 'Status'], 1, true);
      let packs = 0;
      let units = 0;
      for (const l of order.lines) {
        if (doc.y > 700) doc.addPage();
        const lineUnits = l.item * l.ship_pack;
        if (l.shipment_id === null && !l.backorder) {
          packs += l.item;
          units += lineUnits;
        }
        tableRow(
          doc,
          cols,
          [
            l.product_id,
            plainName(l.name),
            String(l.item),
            String(l.ship_pack),
            String(lineUnits),
            lineState(l),
          ],
          1,
        );
      }
      return `To ship: ${packs} pack(s), ${units} unit(s)`;
    },
  );
}
