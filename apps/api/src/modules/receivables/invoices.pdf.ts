import {
  formatMoney,
  type BuyerPriceReason,
  type InvoiceDetail,
  type Lang,
  type StoreIdentity,
} from '@wholesale/contract';
import { letterPdf } from '../../lib/pdf-document';
import {
  addressLines,
  customerName,
  drawLetterhead,
  pdfAuthor,
  plainName,
  tableRow,
} from '../orders';

/** The invoice's words in each language (the PDF is in the customer's language, or the one asked). */
const LABELS = {
  en: {
    invoice: 'Invoice',
    issued: 'Date',
    due: 'Due date',
    order: 'Order',
    po: 'PO number',
    terms: 'Terms',
    customer: 'Customer',
    billTo: 'Bill to',
    shipTo: 'Ship to',
    product: 'Product',
    name: 'Description',
    packs: 'Packs',
    packOf: 'Pack of',
    unit: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    exemption: 'Tax exemption certificate',
    registrations: 'Registration numbers',
    payBy: 'Please pay by',
  },
  fr: {
    invoice: 'Facture',
    issued: 'Date',
    due: "Date d'échéance",
    order: 'Commande',
    po: 'Bon de commande',
    terms: 'Conditions',
    customer: 'Client',
    billTo: 'Facturer à',
    shipTo: 'Expédier à',
    product: 'Produit',
    name: 'Description',
    packs: 'Paquets',
    packOf: 'Paquet de',
    unit: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    total: 'Total',
    exemption: "Certificat d'exemption de taxe",
    registrations: "Numéros d'inscription",
    payBy: 'Payable au plus tard le',
  },
  es: {
    invoice: 'Factura',
    issued: 'Fecha',
    due: 'Fecha de vencimiento',
    order: 'Pedido',
    po: 'Orden de compra',
    terms: 'Condiciones',
    customer: 'Cliente',
    billTo: 'Facturar a',
    shipTo: 'Enviar a',
    product: 'Producto',
    name: 'Descripción',
    packs: 'Paquetes',
    packOf: 'Paquete de',
    unit: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    total: 'Total',
    exemption: 'Certificado de exención de impuestos',
    registrations: 'Números de registro',
    payBy: 'Pagar antes del',
  },
} as const satisfies Record<Lang, Record<string, string>>;

const TERMS: Record<Lang, Record<string, string>> = {
  en: { prepaid: 'Prepaid', card: 'Card', net_15: 'Net 15', net_30: 'Net 30', net_60: 'Net 60' },
  fr: {
    prepaid: 'Prépayé',
    card: 'Carte',
    net_15: 'Net 15 jours',
    net_30: 'Net 30 jours',
    net_60: 'Net 60 jours',
  },
  es: {
    prepaid: 'Prepagado',
    card: 'Tarjeta',
    net_15: 'Neto 15 días',
    net_30: 'Neto 30 días',
    net_60: 'Neto 60 días',
  },
};

/** Tax and registration names as each language prints them (TPS/TVQ in French). */
const TAX_NAMES: Record<Lang, Record<string, string>> = {
  en: { GST: 'GST', HST: 'HST', PST: 'PST', QST: 'QST', STATE: 'State sales tax' },
  fr: { GST: 'TPS', HST: 'TVH', PST: 'TVP', QST: 'TVQ', STATE: "Taxe de vente de l'État" },
  es: { GST: 'GST', HST: 'HST', PST: 'PST', QST: 'QST', STATE: 'Impuesto estatal' },
};
const REGISTRATION_NAMES: Record<Lang, Record<string, string>> = {
  en: { 'GST/HST': 'GST/HST', QST: 'QST', EIN: 'EIN' },
  fr: { 'GST/HST': 'TPS/TVH', QST: 'TVQ', EIN: 'EIN' },
  es: { 'GST/HST': 'GST/HST', QST: 'QST', EIN: 'EIN' },
};

/**
 * Why a line cost its price, in the invoice's language: the words of the buyer's cart and order
 * pages (apps/web customer-price locales); nothing for the selling price or a reason not kept.
 */
const REASONS: Record<
  Lang,
  {
    sale: string;
    customer: (list: string) => string;
    group: (list: string) => string;
    volume: (packs: number, list: string) => string;
  }
> = {
  en: {
    sale: 'Sale price',
    customer: (list) => `Contract price, list ${list}`,
    group: (list) => `${list} price`,
    volume: (packs, list) => `From ${packs} ship packs, list ${list}`,
  },
  fr: {
    sale: 'Prix soldé',
    customer: (list) => `Prix contractuel, liste ${list}`,
    group: (list) => `Prix ${list}`,
    volume: (packs, list) => `À partir de ${packs} emballages, liste ${list}`,
  },
  es: {
    sale: 'Precio de oferta',
    customer: (list) => `Precio de contrato, lista ${list}`,
    group: (list) => `Precio ${list}`,
    volume: (packs, list) => `Desde ${packs} paquetes de envío, lista ${list}`,
  },
};

function reasonText(lang: Lang, reason: BuyerPriceReason | null): string {
  if (!reason || reason.kind === 'selling') return '';
  const words = REASONS[lang];
  if (reason.kind === 'sale') return words.sale;
  const list = reason.list_name ?? '';
  // A volume break starts above one pack, so its words are always plural.
  if ((reason.min_packs ?? 1) > 1) return words.volume(reason.min_packs ?? 2, list);
  return reason.assignee === 'group' ? words.group(list) : words.customer(list);
}

// NOTE: pdfkit's built-in fonts write WinAnsi: a narrow no-break space (fr-CA numbers) has no code there.
const printable = (s: string) => s.replace(/\u202f/g, '\u00a0');

export type InvoicePdfInput = {
  invoice: InvoiceDetail;
  customer: { name: string; company: string | null; customerCode: string | null };
  identity: StoreIdentity | null;
  lang: Lang;
};

/**
 * The invoice as a PDF (pdfkit, built-in Helvetica, Letter), in `lang`: the store's letterhead with
 * the registration numbers frozen on the invoice, number and dates, bill-to and ship-to, the lines,
 * each tax with its rate, totals, the due date and terms, and the exemption certificates' numbers.
 */
export function renderInvoicePdf({
  invoice,
  customer,
  identity,
  lang,
}: InvoicePdfInput): Promise<Buffer> {
  const t = LABELS[lang];
  const money = (cents: number) => printable(formatMoney(lang, invoice.country)(cents));
  const registrations = invoice.registrations
    .map((r) => `${REGISTRATION_NAMES[lang][r.label] ?? r.label} ${r.number}`)
    .join('    ');
  const title = `${t.invoice} ${invoice.number}`;
  return letterPdf({ Title: title, ...pdfAuthor(identity, lang) }, (doc) => {
    const taxNumbers = registrations && `${t.registrations}: ${registrations}`;
    // The space under the letterhead stays where there is none (no identity, no numbers).
    if (!drawLetterhead(doc, identity, { taxNumbers, lang })) doc.moveDown(0.8);

    doc.font('Helvetica-Bold').fontSize(18).text(title);
    doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#444');
    doc.text(`${t.issued}: ${invoice.issued_on}`);
    doc.text(`${t.due}: ${invoice.due_on}`);
    if (invoice.order_id !== null) doc.text(`${t.order}: #${invoice.order_id}`);
    if (invoice.po_number) doc.text(`${t.po}: ${invoice.po_number}`);
    if (invoice.payment_terms)
      doc.text(`${t.terms}: ${TERMS[lang][invoice.payment_terms] ?? invoice.payment_terms}`);
    doc.text(`${t.customer}: ${customerName(customer)}`);
    doc.moveDown(0.5);
    const top = doc.y;
    if (invoice.bill_to) {
      doc.font('Helvetica-Bold').text(`${t.billTo}:`, 48, top);
      doc.font('Helvetica');
      for (const line of addressLines(invoice.bill_to)) doc.text(line, 48);
    }
    const leftEnd = doc.y;
    if (invoice.ship_to) {
      doc.font('Helvetica-Bold').text(`${t.shipTo}:`, 306, top);
      doc.font('Helvetica');
      for (const line of addressLines(invoice.ship_to)) doc.text(line, 306);
    }
    doc.y = Math.max(leftEnd, doc.y);
    doc.x = 48;
    doc.moveDown(1).fillColor('#000');

    const cols = [48, 130, 330, 380, 430, 495];
    const row = (cells: string[], bold = false) =>
      tableRow(doc, cols, cells, 1, bold, { rightFrom: 2 });
    row([t.product, t.name, t.packs, t.packOf, t.unit, t.amount], true);
    const described = { width: cols[2] - cols[1] - 6 };
    for (const l of invoice.lines) {
      if (doc.y > 680) doc.addPage();
      const top = doc.y;
      const name = plainName(l.name);
      row([
        l.product_id,
        name,
        String(l.quantity),
        String(l.ship_pack),
        money(l.unit_price_cents),
        money(l.line_total_cents),
      ]);
      // The row ends under its last cell; a description that wrapped reaches lower.
      const below = top + doc.font('Helvetica').fontSize(9).heightOfString(name, described);
      const why = reasonText(lang, l.price_reason);
      if (why) {
        // Under the description, smaller and grey: why the unit costs what it does.
        doc.font('Helvetica-Oblique').fontSize(8).fillColor('#555');
        doc.text(printable(why), cols[1], below + 1, described);
        doc.fillColor('#000').moveDown(0.5);
      } else if (doc.y < below) doc.y = below + 4;
      doc.x = 48;
    }
    doc.moveDown(0.5);
    const totalsRow = (label: string, cents: number, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      doc.text(label, 300, y, { width: 190, align: 'right' });
      doc.text(money(cents), 495, y, { width: 69, align: 'right' });
      doc.moveDown(0.3);
    };
    totalsRow(t.subtotal, invoice.subtotal_cents);
    for (const tax of invoice.taxes)
      totalsRow(`${TAX_NAMES[lang][tax.kind] ?? tax.kind} (${tax.rate} %)`, tax.amount_cents);
    totalsRow(t.total, invoice.total_cents, true);
    doc.x = 48;
    doc.moveDown(1).font('Helvetica').fontSize(10);
    doc.text(`${t.payBy} ${invoice.due_on}`, 48);
    for (const e of invoice.exemptions)
      doc.text(
        `${t.exemption}: ${e.certificate_number} (${TAX_NAMES[lang][e.tax_kind] ?? e.tax_kind}, ${e.region})`,
        48,
      );
  });
}
