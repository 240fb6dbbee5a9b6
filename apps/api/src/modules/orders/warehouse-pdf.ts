import PDFDocument from 'pdfkit';
import type { AdminOrderDetail, StoreIdentity } from '@wholesale/contract';
import { drawLetterhead, pdfAuthor } from './pdf-letterhead';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * A Letter page PDF (pdfkit, built-in Helvetica) under the store's letterhead (none while no
 * identity is set), drawn by `draw`, as one buffer.
 */
export function renderPdf(
  title: string,
  draw: (doc: Doc) => void,
  identity: StoreIdentity | null = null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 48,
      info: { Title: title, ...pdfAuthor(identity) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    drawLetterhead(doc, identity, { taxNumbers: false });
    draw(doc);
    doc.end();
  });
}

/** The customer as the warehouse's documents name them: company, name and customer code. */
export function customerLine({ customer: c }: Pick<AdminOrderDetail, 'customer'>): string {
  return `Customer: ${c.company ? `${c.company} — ` : ''}${c.name}${c.customer_code ? ` (${c.customer_code})` : ''}`;
}

/** The ship-to address as printed, one line a row (company, street, city line, country). */
export function shipToLines(a: NonNullable<AdminOrderDetail['ship_to']>): string[] {
  return [
    a.company,
    a.line1,
    ...(a.line2 ? [a.line2] : []),
    `${a.city} ${a.region} ${a.postal_code}`,
    a.country.toUpperCase(),
  ];
}

/**
 * Where and when the parcel goes, as the warehouse's documents print it: the ship-to address,
 * the requested ship date ("as soon as possible" without one), the PO number and the buyer's
 * comment (often a delivery instruction). Labels are English, like the order PDF's.
 */
export function writeShippingFacts(
  doc: Doc,
  order: Pick<AdminOrderDetail, 'ship_to' | 'requested_ship_date' | 'po_number' | 'order_comment'>,
) {
  if (order.ship_to) {
    doc.text('Ship to:');
    for (const line of shipToLines(order.ship_to)) doc.text(`    ${line}`);
  } else {
    doc.text('Ship to: the address on file (no ship-to address on this order)');
  }
  doc.text(`Requested ship date: ${order.requested_ship_date ?? 'as soon as possible'}`);
  if (order.po_number) doc.text(`PO number: ${order.po_number}`);
  if (order.order_comment) doc.text(`Comment: ${order.order_comment}`);
}

/** Writes one table row at the current height: a cell per column start `cols`, `wrap` may wrap. */
export function tableRow(doc: Doc, cols: number[], cells: string[], wrap: number, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  cells.forEach((cell, i) =>
    doc.text(cell, cols[i], y, {
      width: (cols[i + 1] ?? 564) - cols[i] - 6,
      lineBreak: i === wrap,
    }),
  );
  doc.moveDown(0.5);
  doc.x = 48;
}

/** An order line's name as printed: the catalogue's markup removed. */
export const plainName = (name: string) => name.replace(/<[^>]*>/g, '');
