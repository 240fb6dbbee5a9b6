import type PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;

/**
 * A Letter page PDF (pdfkit, built-in fonts) with the document information `info`, drawn by `draw`,
 * as one buffer. Every PDF the API serves or seeds is made here. NOTE: pdfkit is loaded at the first
 * PDF: with its fonts it adds ~11 MB to a process's resident memory (as sharp does, lib/pictures.ts).
 */
export async function letterPdf(
  info: { Title: string; Author?: string },
  draw: (doc: PdfDoc) => void,
  margin = 48,
): Promise<Buffer> {
  const { default: Pdf } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new Pdf({ size: 'LETTER', margin, info });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
