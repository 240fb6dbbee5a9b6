import { MAX_QUANTITY, readQuantity } from '../rules/quantity';

/** One code to order with its total quantity and the file lines it came from. */
export type ScannedLine = { code: string; quantity: number; lines: number[] };
export type ScanError = { line: number; text: string; reason: 'quantity' | 'code' };
export type ScanParseResult = { lines: ScannedLine[]; errors: ScanError[] };

/** A scan file's quantities follow the quantity boxes' rule and limit (docs/product/cart-and-orders.md#quantity). */
export const MAX_SCAN_QUANTITY = MAX_QUANTITY;

const DATE = /^(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const TIME = /^\d{1,2}:\d{2}(:\d{2})?(\s?[ap]m)?$/i;
const DATE_TIME = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}[ T]\d{1,2}:\d{2}(:\d{2})?$/;
const CODE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/;
const HEADER = /^(code|codes|barcode|bar code|upc|ean|sku|product|product_id|item|article)$/i;

function isDateOrTime(field: string): boolean {
  return DATE.test(field) || TIME.test(field) || DATE_TIME.test(field);
}

/**
 * Parses an Opticon scanner export or pasted text in the browser (docs/product/opticon.md): one code per line (each
 * scan is one pack; repeated scans add up), `code,qty`, `code;qty`, tab-separated, and lines with
 * extra date/time columns (dropped wherever they stand). A header line is skipped. Codes keep their
 * first-seen order; quantities of the same code are summed.
 */
export function parseScannerExport(text: string): ScanParseResult {
  const byCode = new Map<string, ScannedLine>();
  const errors: ScanError[] = [];
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '') return;
    const fields = line
      .split(/[,;\t]/)
      .map((f) =>
        f
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter((f) => f !== '' && !isDateOrTime(f));
    if (fields.length === 0) return;
    const [code, qtyText] = fields;
    if (HEADER.test(code) && byCode.size === 0 && errors.length === 0) return;
    if (!CODE.test(code)) {
      errors.push({ line: lineNo, text: line, reason: 'code' });
      return;
    }
    let quantity = 1;
    if (qtyText !== undefined) {
      const reading = readQuantity(qtyText);
      if (!reading.ok || reading.value < 1) {
        errors.push({ line: lineNo, text: line, reason: 'quantity' });
        return;
      }
      quantity = reading.value;
    }
    const existing = byCode.get(code);
    if (existing) {
      existing.quantity = Math.min(MAX_SCAN_QUANTITY, existing.quantity + quantity);
      existing.lines.push(lineNo);
    } else {
      byCode.set(code, { code, quantity, lines: [lineNo] });
    }
  });
  return { lines: [...byCode.values()], errors };
}
