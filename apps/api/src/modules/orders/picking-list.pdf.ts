import PDFDocument from 'pdfkit';
import type { AdminOrderDetail, StoreIdentity } from '@wholesale/contract';
import { drawLetterhead, pdfAuthor } from './pdf-letterhead';
import { customerLine, writeShippingFacts } from './warehouse-pdf';

/**
 * The warehouse's picking list for one order (pdfkit, like the order PDF): the lines still to ship
 * with their pack sizes and a tick box, the customer, where and when it ships (ship-to, requested
 * date, PO, comment); no prices.
 */
export function renderPickingListPdf(
  order: AdminOrderDetail,
  identity: StoreIdentity | null = null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 48,
      info: { Title: `Picking list ${order.order_id}`, ...pdfAuthor(identity) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    drawLetterhead(doc, identity, { taxNumbers: false });
    doc.fontSize(18).text(`Picking list — order #${order.order_id}`);
    doc.moveDown(0.3).fontSize(10).fillColor('#444');
    doc.text(`Date: ${order.date.slice(0, 10)}    Country: ${order.country.toUpperCase()}`);
    doc.text(customerLine(order));
    writeShippingFacts(doc, order);
    doc.moveDown(1).fillColor('#000');

    const cols = [48, 76, 170, 400, 460, 520];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((cell, i) =>
        doc.text(cell, cols[i], y, {
          width: (cols[i + 1] ?? 564) - cols[i] - 6,
          lineBreak: i === 2,
        }),
      );
      doc.moveDown(0.5);
      doc.x = 48;
    };
    row(['', 'Product', 'Name', 'Packs', 'Pack of', 'Class'], true);
    const toPick = order.lines.filter((l) => l.shipment_id === null);
    for (const l of toPick) {
      if (doc.y > 700) doc.addPage();
      row([
        '[  ]',
        l.product_id,
        `${l.name.replace(/<[^>]*>/g, '')}${l.backorder ? ' (back-order)' : ''}`,
        String(l.item),
        String(l.ship_pack),
        l.class,
      ]);
    }
    doc
      .moveDown(1)
      .font('Helvetica')
      .fontSize(10)
      .text(`${toPick.length} line(s) to pick`, 48, doc.y);
    doc.end();
  });
}
