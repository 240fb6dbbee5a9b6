import {
  AGING_BUCKETS,
  formatMoney,
  type PaymentMethod,
  type StoreIdentity,
} from '@wholesale/contract';
import { customerName, renderPdf, tableRow } from '../orders';
import type { Statement } from './statements.service';

type Lang = 'en' | 'fr' | 'es';

/** The statement's words in the customer's language. */
const WORDS: Record<
  Lang,
  {
    title: string;
    customer: string;
    code: string;
    period: string;
    opening: string;
    closing: string;
    date: string;
    document: string;
    reference: string;
    amount: string;
    balance: string;
    none: string;
    aging: string;
    overdue: string;
    kinds: Record<Statement['lines'][number]['kind'], string>;
    methods: Record<PaymentMethod, string>;
    buckets: Record<(typeof AGING_BUCKETS)[number], string>;
  }
> = {
  en: {
    title: 'Statement of account',
    customer: 'Customer',
    code: 'Customer code',
    period: 'Period',
    opening: 'Opening balance',
    closing: 'Closing balance',
    date: 'Date',
    document: 'Document',
    reference: 'Reference',
    amount: 'Amount',
    balance: 'Balance',
    none: 'No activity this month.',
    aging: 'Aging at month end',
    overdue: 'Overdue',
    kinds: {
      invoice: 'Invoice',
      payment: 'Payment',
      credit_note: 'Credit note',
      interest: 'Interest',
    },
    methods: { cheque: 'Cheque', transfer: 'Transfer', card_on_file: 'Card on file' },
    buckets: {
      current: 'Current',
      days_1_30: '1–30 days',
      days_31_60: '31–60 days',
      days_61_90: '61–90 days',
      over_90: 'Over 90 days',
    },
  },
  fr: {
    title: 'Relevé de compte',
    customer: 'Client',
    code: 'Code client',
    period: 'Période',
    opening: 'Solde d’ouverture',
    closing: 'Solde de clôture',
    date: 'Date',
    document: 'Document',
    reference: 'Référence',
    amount: 'Montant',
    balance: 'Solde',
    none: 'Aucune opération ce mois-ci.',
    aging: 'Âge des soldes en fin de mois',
    overdue: 'En retard',
    kinds: {
      invoice: 'Facture',
      payment: 'Paiement',
      credit_note: 'Note de crédit',
      interest: 'Intérêts',
    },
    methods: { cheque: 'Chèque', transfer: 'Virement', card_on_file: 'Carte au dossier' },
    buckets: {
      current: 'Courant',
      days_1_30: '1 à 30 jours',
      days_31_60: '31 à 60 jours',
      days_61_90: '61 à 90 jours',
      over_90: 'Plus de 90 jours',
    },
  },
  es: {
    title: 'Estado de cuenta',
    customer: 'Cliente',
    code: 'Código de cliente',
    period: 'Período',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    date: 'Fecha',
    document: 'Documento',
    reference: 'Referencia',
    amount: 'Importe',
    balance: 'Saldo',
    none: 'Sin movimientos este mes.',
    aging: 'Antigüedad al cierre del mes',
    overdue: 'Vencido',
    kinds: {
      invoice: 'Factura',
      payment: 'Pago',
      credit_note: 'Nota de crédito',
      interest: 'Intereses',
    },
    methods: { cheque: 'Cheque', transfer: 'Transferencia', card_on_file: 'Tarjeta registrada' },
    buckets: {
      current: 'Al día',
      days_1_30: '1–30 días',
      days_31_60: '31–60 días',
      days_61_90: '61–90 días',
      over_90: 'Más de 90 días',
    },
  },
};

/** The statement's words in `lang` (English for anything else). */
export const statementWords = (lang: string) => WORDS[(lang in WORDS ? lang : 'en') as Lang];

/**
 * A month's statement as a PDF in the customer's language (docs/product/accounts-receivable.md
 * "Payments, statements, interest and receivables"): the opening balance, each document of the
 * month with its running balance, the closing balance and the aging at the month's end, under the
 * store's letterhead.
 */
export function renderStatementPdf(
  statement: Statement,
  identity: StoreIdentity | null,
): Promise<Buffer> {
  const lang = statement.customer.lang;
  const w = statementWords(lang);
  // Built-in PDF fonts have no narrow no-break space (French thousands): a plain space prints.
  const money = (cents: number) =>
    formatMoney(lang, statement.customer.country)(cents).replace(/[\u202f\u00a0]/g, ' ');
  const c = statement.customer;
  return renderPdf(
    `${w.title} ${statement.period}`,
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text(w.title);
      doc.font('Helvetica').fontSize(10);
      doc.text(`${w.customer}: ${customerName({ name: c.owner_name, company: c.company_name })}`);
      if (c.customer_code) doc.text(`${w.code}: ${c.customer_code}`);
      doc.text(`${w.period}: ${statement.from} – ${statement.to}`);
      doc.moveDown();
      const cols = [48, 130, 230, 380, 470];
      tableRow(doc, cols, [w.date, w.document, w.reference, w.amount, w.balance], 2, true);
      tableRow(doc, cols, [statement.from, w.opening, '', '', money(statement.openingCents)], 2);
      if (statement.lines.length === 0) {
        doc.font('Helvetica').fontSize(9).text(w.none);
        doc.moveDown(0.5);
      }
      for (const line of statement.lines) {
        const signed =
          line.kind === 'invoice' || line.kind === 'interest'
            ? line.amountCents
            : -line.amountCents;
        tableRow(
          doc,
          cols,
          [
            line.date,
            w.kinds[line.kind],
            // A payment's reference follows its method, in the customer's words ("Chèque CHQ 7").
            line.method
              ? [w.methods[line.method], line.reference].filter(Boolean).join(' ')
              : line.reference,
            money(signed),
            money(line.balanceCents),
          ],
          2,
        );
      }
      tableRow(
        doc,
        cols,
        [statement.to, w.closing, '', '', money(statement.closingCents)],
        2,
        true,
      );
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(11).text(w.aging);
      doc.moveDown(0.3);
      const agingCols = [48, 150, 250, 350, 450];
      tableRow(
        doc,
        agingCols,
        AGING_BUCKETS.map((b) => w.buckets[b]),
        4,
        true,
      );
      tableRow(
        doc,
        agingCols,
        AGING_BUCKETS.map((b) => money(statement.aging[b])),
        4,
      );
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`${w.overdue}: ${money(statement.overdueCents)}`);
    },
    identity,
  );
}
