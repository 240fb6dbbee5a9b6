import { localText, type StoreIdentity } from '@wholesale/contract';

/** What the letterhead writes on: the part of pdfkit's document it uses. */
type PdfText = {
  fontSize(size: number): PdfText;
  fillColor(color: string): PdfText;
  font(name: string): PdfText;
  text(text: string): PdfText;
  moveDown(lines?: number): PdfText;
};

/**
 * The store's letterhead at the top of an order's PDFs (order, picking list), in English like their
 * labels: the store's name, its head office's address, phone and e-mail, and on the order its tax
 * registration numbers. Nothing while no identity is set: a fresh store prints no made-up name.
 */
export function drawLetterhead(
  doc: PdfText,
  identity: StoreIdentity | null,
  options: { taxNumbers: boolean },
): void {
  if (!identity) return;
  const office = identity.head_office;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000').text(localText(identity.name, 'en'));
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  const lines = [
    identity.legal_name,
    localText(office.lines, 'en').split('\n').join(', '),
    [office.phone, office.email].filter(Boolean).join('    '),
  ];
  if (options.taxNumbers) {
    const { gst_hst, qst, us_ein } = identity.tax;
    lines.push(
      [gst_hst && `GST/HST ${gst_hst}`, qst && `QST ${qst}`, us_ein && `EIN ${us_ein}`]
        .filter(Boolean)
        .join('    '),
    );
  }
  for (const line of lines) if (line.trim()) doc.text(line);
  doc.moveDown(0.8).fillColor('#000');
}

/** The PDF's Author: the store's name, or nothing while no identity is set. */
export function pdfAuthor(identity: StoreIdentity | null): { Author?: string } {
  return identity ? { Author: localText(identity.name, 'en') } : {};
}
