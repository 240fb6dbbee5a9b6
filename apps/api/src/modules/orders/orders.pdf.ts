import {
  formatMoney,
  toCents,
  type BuyerPriceReason,
  type OrderDetail,
  type PaymentTerms,
  type StoreIdentity,
} from '@wholesale/contract';
import { letterPdf } from '../../lib/pdf-document';
import { drawLetterhead, pdfAuthor } from './pdf-letterhead';
import { customerName, plainName, tableRow, totalLine } from './warehouse-pdf';

const PAYMENT_TERMS_EN: Record<PaymentTerms, string> = {
  prepaid: 'Prepaid',
  card: 'Credit card',
  net_15: 'Net 15 days',
  net_30: 'Net 30 days',
  net_60: 'Net 60 days',
};

/** Why a line cost its price, in the PDF's English: the words the order pages use. */
function priceReasonText(reason: BuyerPriceReason | null): string {
  if (!reason || reason.kind === 'selling') return '';
  if (reason.kind === 'sale') return 'Sale price';
  const list = reason.list_name ?? '';
  if ((reason.min_packs ?? 1) > 1) return `From ${reason.min_packs} ship packs, list ${list}`;
  return reason.assignee === 'group' ? `${list} price` : `Contract price, list ${list}`;
}

/**
 * Renders one order as a printable A4/Letter PDF (pdfkit, built-in Helvetica), under the store's
 * letterhead (its identity; none while it is not set).
 */
export function renderOrderPdf(
  order: OrderDetail,
  customer: { name: string; company: string | null },
  identity: StoreIdentity | null = null,
): Promise<Buffer> {
  // The PDF's labels are English, so are its amounts; the currency is the order's country's.
  const format = formatMoney('en', order.country);
  const money = (dollars: number) => format(toCents(dollars));
  return letterPdf({ Title: `Order ${order.order_id}`, ...pdfAuthor(identity) }, (doc) => {
    drawLetterhead(doc, identity, { taxNumbers: true });
    doc.fontSize(18).text(`Order #${order.order_id}`, { continued: false });
    doc.moveDown(0.3).fontSize(10).fillColor('#444');
    doc.text(
      `Date: ${order.date.slice(0, 10)}    Status: ${order.status}    Country: ${order.country.toUpperCase()}`,
    );
    doc.text(`Customer: ${customerName(customer)}`);
    if (order.po_number) doc.text(`PO number: ${order.po_number}`);
    if (order.ship_to) {
      const a = order.ship_to;
      doc.text(
        `Ship to: ${a.company}, ${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city} ${a.region} ${a.postal_code}, ${a.country.toUpperCase()}`,
      );
    }
    if (order.requested_ship_date) doc.text(`Requested ship date: ${order.requested_ship_date}`);
    if (order.payment_terms) doc.text(`Payment terms: ${PAYMENT_TERMS_EN[order.payment_terms]}`);
    if (order.order_comment) doc.text(`Comment: ${order.order_comment}`);
    doc.moveDown(1).fillColor('#000');

    const cols = [48, 140, 330, 380, 430, 490];
    const row = (cells: string[], bold = false) =>
      tableRow(doc, cols, cells, 1, bold, { gap: 0.4 });
    row(['Product', 'Name', 'Packs', 'Pack', 'Price', 'Total'], true);
    for (const l of order.products) {
      if (doc.y > 700) doc.addPage();
      const why = priceReasonText(l.price_reason);
      row([
        l.product_id,
        `${plainName(l.name)}${l.backorder ? ' (back-order)' : ''}${why ? ` (${why})` : ''}`,
        String(l.item),
        String(l.ship_pack),
        money(l.price),
        money(l.line_total),
      ]);
    }
    doc.moveDown(1);
    totalLine(doc, `Subtotal: ${money(order.total)}`, true);
    for (const tax of order.taxes)
      totalLine(
        doc,
        `Estimated ${tax.kind === 'STATE' ? 'state sales tax' : tax.kind} (${tax.rate} %): ${money(tax.amount)}`,
      );
    // A tax a customer's certificate exempted: not charged, said with the certificate's number.
    for (const tax of order.tax_exemptions ?? [])
      totalLine(
        doc,
        `${tax.kind === 'STATE' ? 'State sales tax' : tax.kind} exempt (certificate ${tax.certificate_number})`,
      );
    totalLine(doc, `Total with estimated taxes: ${money(order.total_with_tax)}`, true);
  });
}
