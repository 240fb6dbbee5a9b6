import { localText, type Lang, type StoreIdentity } from '@wholesale/contract';

/** What the letterhead writes on: the part of pdfkit's document it uses. */
type PdfText = {
  fontSize(size: number): PdfText;
  fillColor(color: string): PdfText;
  font(name: string): PdfText;
  text(text: string): PdfText;
  moveDown(lines?: number): PdfText;
};

/**
 * The store's letterhead at the top of a document's PDF, in `lang` (English, like the order PDFs'
 * labels, unless said): the store's name, its head office's address, phone and e-mail, and its tax
 * registration numbers: the identity's with `taxNumbers` true (the order), the line given (the
 * numbers an invoice froze, printed even once the identity is gone), none with false (the picking
 * list). Nothing while no identity is set and no numbers are given: a fresh store prints no made-up
 * name. Answers whether it drew anything.
 */
export function drawLetterhead(
  doc: PdfText,
  identity: StoreIdentity | null,
  options: { taxNumbers: boolean | string; lang?: Lang },
): boolean {
  const lang = options.lang ?? 'en';
  const taxLine =
    typeof options.taxNumbers === 'string'
      ? options.taxNumbers
      : options.taxNumbers && identity
        ? storeTaxNumbers(identity)
        : '';
  if (!identity && !taxLine) return false;
  const lines = [taxLine];
  if (identity) {
    const office = identity.head_office;
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000').text(localText(identity.name, lang));
    lines.unshift(
      identity.legal_name,
      localText(office.lines, lang).split('\n').join(', '),
      [office.phone, office.email].filter(Boolean).join('    '),
    );
  }
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  for (const line of lines) if (line.trim()) doc.text(line);
  doc.moveDown(0.8).fillColor('#000');
  return true;
}

/** The store's tax registration numbers on one line, as the order PDF prints them. */
function storeTaxNumbers(identity: StoreIdentity): string {
  const { gst_hst, qst, us_ein } = identity.tax;
  return [gst_hst && `GST/HST ${gst_hst}`, qst && `QST ${qst}`, us_ein && `EIN ${us_ein}`]
    .filter(Boolean)
    .join('    ');
}

/** The PDF's Author: the store's name (in `lang`, English unless said), or nothing while no identity is set. */
export function pdfAuthor(identity: StoreIdentity | null, lang: Lang = 'en'): { Author?: string } {
  return identity ? { Author: localText(identity.name, lang) } : {};
}
