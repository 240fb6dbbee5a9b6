import { plainName, warehouseDocument } from './warehouse-pdf';

/**
 * The warehouse's picking list for one order (pdfkit, like the order PDF): the lines still to ship
 * with their pack sizes and a tick box, the customer, where and when it ships (ship-to, requested
 * date, PO, comment); no prices.
 */
export const renderPickingListPdf = warehouseDocument('Picking list', (order) => {
  const toPick = order.lines.filter((l) => l.shipment_id === null);
  return {
    dateLine: `Date: ${order.date.slice(0, 10)}    Country: ${order.country.toUpperCase()}`,
    cols: [48, 76, 170, 400, 460, 520],
    heading: ['', 'Product', 'Name', 'Packs', 'Pack of', 'Class'],
    wrap: 2,
    rows: toPick.map((l) => [
      '[  ]',
      l.product_id,
      `${plainName(l.name)}${l.backorder ? ' (back-order)' : ''}`,
      String(l.item),
      String(l.ship_pack),
      l.class,
    ]),
    summary: `${toPick.length} line(s) to pick`,
  };
});
