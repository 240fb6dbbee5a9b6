import type { AdminOrderDetail, StoreIdentity } from '@wholesale/contract';
import { plainName, renderWarehouseDocument, tableRow } from './warehouse-pdf';

/**
 * The warehouse's picking list for one order (pdfkit, like the order PDF): the lines still to ship
 * with their pack sizes and a tick box, the customer, where and when it ships (ship-to, requested
 * date, PO, comment); no prices.
 */
export function renderPickingListPdf(
  order: AdminOrderDetail,
  identity: StoreIdentity | null = null,
): Promise<Buffer> {
  return renderWarehouseDocument(
    'Picking list',
    `Date: ${order.date.slice(0, 10)}    Country: ${order.country.toUpperCase()}`,
    order,
    identity,
    (doc) => {
      const cols = [48, 76, 170, 400, 460, 520];
      tableRow(doc, cols, ['', 'Product', 'Name', 'Packs', 'Pack of', 'Class'], 2, true);
      const toPick = order.lines.filter((l) => l.shipment_id === null);
      for (const l of toPick) {
        if (doc.y > 700) doc.addPage();
        tableRow(
          doc,
          cols,
          [
            '[  ]',
            l.product_id,
            `${plainName(l.name)}${l.backorder ? ' (back-order)' : ''}`,
            String(l.item),
            String(l.ship_pack),
            l.class,
          ],
          2,
        );
      }
      return `${toPick.length} line(s) to pick`;
    },
  );
}
