import type { AdminOrderDetail, StoreIdentity } from '@wholesale/contract';
import { letterPdf, type PdfDoc } from '../../lib/pdf-document';
import { drawLetterhead, pdfAuthor } from './pdf-letterhead';

type Doc = PdfDoc;

/**
 * A Letter page PDF (pdfkit, built-in Helvetica) under the store's letterhead (none while no
 * identity is set), drawn by `draw`, as one buffer.
 */
export function renderPdf(
  title: string,
  draw: (doc: Doc) => void,
  identity: StoreIdentity | null = null,
): Promise<Buffer> {
  return letterPdf({ Title: title, ...pdfAuthor(identity) }, (doc) => {
    drawLetterhead(doc, identity, { taxNumbers: false });
    draw(doc);
  });
}

/**
 * Who a document is for, on one line: the company (when there is one), the person, and the
 * customer code (when there is one).
 */
export function customerName(c: {
  name: string;
  company: string | null;
  customerCode?: string | null;
}): string {
  return `${c.company ? `${c.company} — ` : ''}${c.name}${c.customerCode ? ` (${c.customerCode})` : ''}`;
}

/** The customer as the warehouse's documents name them: company, name and customer code. */
function customerLine({ customer: c }: Pick<AdminOrderDetail, 'customer'>): string {
  return `Customer: ${customerName({ ...c, customerCode: c.customer_code })}`;
}

/** An address as printed, one line a row (company, street, city line, country). */
export function addressLines(a: {
  company: string;
  line1: string;
  line2?: string | null;
  city: string;
  region: string;
  postal_code: string;
  country: string;
}): string[] {
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
function writeShippingFacts(
  doc: Doc,
  order: Pick<AdminOrderDetail, 'ship_to' | 'requested_ship_date' | 'po_number' | 'order_comment'>,
) {
  if (order.ship_to) {
    doc.text('Ship to:');
    for (const line of addressLines(order.ship_to)) doc.text(`    ${line}`);
  } else {
    doc.text('Ship to: the address on file (no ship-to address on this order)');
  }
  doc.text(`Requested ship date: ${order.requested_ship_date ?? 'as soon as possible'}`);
  if (order.po_number) doc.text(`PO number: ${order.po_number}`);
  if (order.order_comment) doc.text(`Comment: ${order.order_comment}`);
}

/**
 * What a warehouse document prints of an order below its heading: the date line, the table (its
 * column starts, its heading's cells, one row of cells a line; column `wrap` may wrap) and the
 * summary line under it (what there is to pick or ship); `parcel` names the parcel it is for.
 */
export type WarehouseContent = {
  parcel?: number;
  dateLine: string;
  cols: number[];
  heading: string[];
  wrap: number;
  rows: string[][];
  summary: string;
};

/**
 * A warehouse document of an order (picking list, packing slip), answered as its renderer: under
 * the letterhead its heading, then in grey its date line, the customer and where and when the
 * parcel goes; then in black the table and the summary line `content` gives for the order.
 */
export function warehouseDocument<Options = void>(
  name: string,
  content: (order: AdminOrderDetail, options: Options) => WarehouseContent,
): (order: AdminOrderDetail, identity: StoreIdentity | null, options: Options) => Promise<Buffer> {
  return (order, identity, options) => {
    const { parcel, dateLine, cols, heading, wrap, rows, summary } = content(order, options);
    const of = `order #${order.order_id}${parcel ? `, parcel #${parcel}` : ''}`;
    return renderPdf(
      `${name} ${of}`,
      (doc) => {
        doc.fontSize(18).text(`${name} — ${of}`);
        doc.moveDown(0.3).fontSize(10).fillColor('#444');
        doc.text(dateLine);
        doc.text(customerLine(order));
        writeShippingFacts(doc, order);
        doc.moveDown(1).fillColor('#000');
        tableRow(doc, cols, heading, wrap, true);
        for (const row of rows) {
          if (doc.y > 700) doc.addPage();
          tableRow(doc, cols, row, wrap);
        }
        doc.moveDown(1).font('Helvetica').fontSize(10).text(summary, 48, doc.y);
      },
      identity,
    );
  };
}

/**
 * Writes one table row at the current height: a cell per column start `cols`, `wrap` may wrap;
 * `layout` right-aligns the cells from column `rightFrom` on and sets the gap below (half a line).
 */
export function tableRow(
  doc: Doc,
  cols: number[],
  cells: string[],
  wrap: number,
  bold = false,
  layout: { rightFrom?: number; gap?: number } = {},
) {
  const y = doc.y;
  const rightFrom = layout.rightFrom ?? cells.length;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  cells.forEach((cell, i) =>
    doc.text(cell, cols[i], y, {
      width: (cols[i + 1] ?? 564) - cols[i] - 6,
      lineBreak: i === wrap,
      align: i >= rightFrom ? 'right' : undefined,
    }),
  );
  doc.moveDown(layout.gap ?? 0.5);
  doc.x = 48;
}

/** A line of a document's totals, across the page and right-aligned: a total's in bold. */
export function totalLine(doc: Doc, text: string, bold = false) {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(bold ? 11 : 10)
    .text(text, 48, doc.y, { align: 'right', width: 516 });
}

/** An order line's name as printed: the catalogue's markup removed. */
export const plainName = (name: string) => name.replace(/<[^>]*>/g, '');
