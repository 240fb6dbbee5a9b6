import { formatMoney, ratePercent, type Lang, type StoreIdentity } from '@wholesale/contract';
import { customerName, plainName, renderPdf, tableRow, totalLine } from '../orders';
import type { CreditNoteDocument } from './credit-notes.queries';

/** The credit note's printed words in each of the customer's languages. */
const LABELS: Record<
  Lang,
  {
    title: string;
    issued: string;
    customer: string;
    order: string;
    returnNo: string;
    invoice: string;
    reason: string;
    header: [string, string, string, string, string, string];
    subtotal: string;
    tax: (kind: string, rate: number) => string;
    total: string;
    applied: string;
  }
> = {
  en: {
    title: 'Credit note',
    issued: 'Issued on',
    customer: 'Customer',
    order: 'Order',
    returnNo: 'Return',
    invoice: 'Credits invoice',
    reason: 'Reason',
    header: ['Product', 'Name', 'Packs', 'Pack', 'Unit price', 'Total'],
    subtotal: 'Subtotal',
    tax: (kind, rate) => `${kind === 'STATE' ? 'State sales tax' : kind} (${rate} %)`,
    total: 'Total credited',
    applied: 'Applied to the invoice',
  },
  fr: {
    title: 'Note de crédit',
    issued: 'Émise le',
    customer: 'Client',
    order: 'Commande',
    returnNo: 'Retour',
    invoice: 'Crédite la facture',
    reason: 'Motif',
    header: ['Produit', 'Nom', 'Colis', 'Colisage', 'Prix unitaire', 'Total'],
    subtotal: 'Sous-total',
    tax: (kind, rate) => `${kind === 'STATE' ? 'Taxe de vente de l’État' : kind} (${rate} %)`,
    total: 'Total crédité',
    applied: 'Imputé à la facture',
  },
  es: {
    title: 'Nota de crédito',
    issued: 'Emitida el',
    customer: 'Cliente',
    order: 'Pedido',
    returnNo: 'Devolución',
    invoice: 'Acredita la factura',
    reason: 'Motivo',
    header: ['Producto', 'Nombre', 'Paquetes', 'Paquete', 'Precio unitario', 'Total'],
    subtotal: 'Subtotal',
    tax: (kind, rate) => `${kind === 'STATE' ? 'Impuesto estatal' : kind} (${rate} %)`,
    total: 'Total acreditado',
    applied: 'Aplicado a la factura',
  },
};

/**
 * A credit note as a Letter PDF under the store's letterhead, in the customer's language: its
 * number and date, the customer, the order, return and invoice it credits, the returned lines at
 * the order's prices, each tax at its rate, the total and what of it settled the invoice.
 */
export function renderCreditNotePdf(
  doc: CreditNoteDocument,
  identity: StoreIdentity | null,
): Promise<Buffer> {
  const { note, lines, customer } = doc;
  const t = LABELS[customer.lang] ?? LABELS.en;
  const money = formatMoney(customer.lang, note.country);
  return renderPdf(
    `${t.title} ${note.number}`,
    (pdf) => {
      pdf.font('Helvetica-Bold').fontSize(18).text(`${t.title} ${note.number}`);
      pdf.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#444');
      pdf.text(`${t.issued}: ${note.issued_on}`);
      pdf.text(`${t.customer}: ${customerName(customer)}`);
      if (note.order_id) pdf.text(`${t.order}: #${note.order_id}`);
      if (note.return_id) pdf.text(`${t.returnNo}: #${note.return_id}`);
      if (note.invoice_number) pdf.text(`${t.invoice}: ${note.invoice_number}`);
      if (note.reason) pdf.text(`${t.reason}: ${note.reason}`);
      pdf.moveDown(1).fillColor('#000');
      const cols = [48, 140, 330, 380, 430, 500];
      tableRow(pdf, cols, t.header, 1, true);
      for (const l of lines) {
        if (pdf.y > 700) pdf.addPage();
        tableRow(
          pdf,
          cols,
          [
            l.product_code,
            plainName(l.name),
            String(l.quantity),
            String(l.ship_pack),
            money(l.unit_price_cents),
            money(l.line_total_cents),
          ],
          1,
        );
      }
      pdf.moveDown(1);
      totalLine(pdf, `${t.subtotal}: ${money(note.subtotal_cents)}`);
      for (const tax of note.taxes)
        totalLine(pdf, `${t.tax(tax.kind, ratePercent(tax.rate))}: ${money(tax.amount_cents)}`);
      totalLine(pdf, `${t.total}: ${money(note.total_cents)}`, true);
      if (note.applied_cents > 0 && note.invoice_number)
        totalLine(pdf, `${t.applied} ${note.invoice_number}: ${money(note.applied_cents)}`);
    },
    identity,
  );
}
