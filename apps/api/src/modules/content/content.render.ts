import { letterPdf } from '../../lib/pdf-document';
import { loadSharp } from '../../lib/pictures';

/** Escapes text for an SVG text node. */
function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/** Splits a text into lines of at most `max` characters on word boundaries. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A carousel slide (1200×400 JPEG) with its headline baked in, as the original banners were. */
export async function renderSlideImage(
  title: string,
  subtitle: string,
  colors: [string, string],
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#g)"/>
  <circle cx="1040" cy="90" r="170" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="980" cy="360" r="120" fill="#ffffff" fill-opacity="0.10"/>
  <text x="70" y="185" font-family="${FONT}" font-size="60" font-weight="bold" fill="#ffffff">${xml(title)}</text>
  <text x="72" y="250" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.92">${xml(subtitle)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

/** A newsletter issue page (800×1040 JPEG): masthead, title, date and summary. */
export async function renderNewsletterImage(
  title: string,
  dateLabel: string,
  summary: string,
  colors: [string, string],
): Promise<Buffer> {
  const lines = wrap(summary, 38)
    .map(
      (l, i) =>
        `<text x="60" y="${520 + i * 46}" font-family="${FONT}" font-size="32" fill="#333333">${xml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1040" viewBox="0 0 800 1040">
  <rect width="800" height="1040" fill="#fbf8f3"/>
  <rect width="800" height="300" fill="${colors[0]}"/>
  <rect y="300" width="800" height="14" fill="${colors[1]}"/>
  <text x="60" y="120" font-family="${FONT}" font-size="30" letter-spacing="6" fill="#ffffff" fill-opacity="0.85">NOTIONS WHOLESALE</text>
  <text x="60" y="210" font-family="${FONT}" font-size="50" font-weight="bold" fill="#ffffff">${xml(title)}</text>
  <text x="60" y="420" font-family="${FONT}" font-size="28" fill="${colors[0]}">${xml(dateLabel)}</text>
  ${lines}
  <g fill="${colors[1]}" fill-opacity="0.5"><circle cx="140" cy="870" r="60"/><circle cx="300" cy="900" r="40"/><circle cx="430" cy="860" r="70"/><circle cx="600" cy="900" r="50"/></g>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

/** A catalogue cover (600×800 JPEG) without words, so one cover serves every language. */
export async function renderCoverImage(year: string, colors: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <rect width="600" height="800" fill="${colors[1]}"/>
  <rect x="40" y="40" width="520" height="720" fill="none" stroke="${colors[0]}" stroke-width="6"/>
  <g fill="${colors[0]}"><circle cx="200" cy="300" r="70"/><circle cx="380" cy="260" r="45"/><circle cx="330" cy="420" r="95" fill-opacity="0.7"/></g>
  <text x="300" y="680" text-anchor="middle" font-family="${FONT}" font-size="90" font-weight="bold" fill="${colors[0]}">${xml(year)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** A real multi-section PDF (catalogue or pattern) built with pdfkit. */
export function renderPdf(doc: {
  title: string;
  subtitle: string;
  sections: { heading: string; lines: string[] }[];
  color: string;
  footer: string;
  /** The store that publishes it (the PDF's Author). */
  author: string;
  /** Catalogues: each section on its own page after the cover page. */
  pagePerSection?: boolean;
}): Promise<Buffer> {
  return letterPdf(
    { Title: doc.title, Author: doc.author },
    (pdf) => {
      pdf.rect(0, 0, pdf.page.width, 140).fill(doc.color);
      pdf
        .fillColor('#ffffff')
        .font('Helvetica-Bold')
        .fontSize(28)
        .text(doc.title, 56, 50, { width: pdf.page.width - 112 });
      pdf
        .font('Helvetica')
        .fontSize(13)
        .text(doc.subtitle, 56, 96, { width: pdf.page.width - 112 });
      pdf.fillColor('#222222').moveDown(4);
      pdf.y = 180;
      const footer = () =>
        pdf
          .font('Helvetica-Oblique')
          .fontSize(9)
          .fillColor('#666666')
          .text(doc.footer, 56, pdf.page.height - 80, {
            width: pdf.page.width - 112,
            align: 'center',
            lineBreak: false,
          });
      doc.sections.forEach((section, i) => {
        if (doc.pagePerSection && i > 0) {
          footer();
          pdf.addPage();
        }
        pdf
          .font('Helvetica-Bold')
          .fontSize(17)
          .fillColor(doc.color)
          .text(`${i + 1}. ${section.heading}`);
        pdf.moveDown(0.4);
        pdf.font('Helvetica').fontSize(12).fillColor('#222222');
        for (const line of section.lines) pdf.text(`•  ${line}`, { indent: 10 });
        pdf.moveDown(1);
      });
      footer();
    },
    56,
  );
}
