import zlib from 'node:zlib';

// WinAnsi codes pdfkit's built-in fonts write that latin1 reads differently.
const WIN_ANSI: Record<number, string> = {
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};

/**
 * The text of a PDF pdfkit wrote with its built-in fonts, one line per text object (BT … ET): its
 * content streams inflated, the hex strings of every TJ read as WinAnsi. Enough for a test to check
 * what a document says; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib
        .inflateSync(Buffer.from(m[1], 'latin1'), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        .toString('latin1');
    } catch {
      continue; // not a compressed stream (an image, a font file)
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const text = [...block[1].matchAll(/\[([^\]]*)\]\s*TJ/g)]
        .flatMap((tj) => [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]))
        .join('');
      const codes = Buffer.from(text, 'hex');
      lines.push([...codes].map((c) => WIN_ANSI[c] ?? String.fromCharCode(c)).join(''));
    }
  }
  return lines.join('\n');
}
