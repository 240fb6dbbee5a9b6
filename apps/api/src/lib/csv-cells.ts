import type { Options as StringifyOptions } from 'csv-stringify';

// NOTE: CSV injection (OWASP "CSV Injection"): a spreadsheet opening a CSV runs a cell that starts
// with = + - @ (or a tab / carriage return before one) as a formula, e.g. a buyer's PO number
// `=HYPERLINK(…)` in the order export. The fullwidth forms are included because Apple Numbers
// normalises them to the ASCII ones (the list csv-stringify's own escape_formulas uses).
const FORMULA_START: ReadonlySet<string> = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
]);

// A plain decimal number ("-5", "12.50") is a number to a spreadsheet, never a formula: it is left
// as is, so numeric columns stay numbers staff can sum and import back.
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Whether a text cell is written with the neutralising `'` in front. */
function needsPrefix(text: string): boolean {
  if (text === '' || PLAIN_NUMBER.test(text)) return false;
  // A cell that already starts with `'` gets one more, so restoreCsvCell can always tell the
  // prefix this writer added from one the text had: the pair round-trips every text.
  return FORMULA_START.has(text[0]) || text[0] === "'";
}

/**
 * A text cell as every CSV of the product writes it: a cell a spreadsheet would read as a formula
 * gets a single quote in front (OWASP rule); everything else is unchanged.
 */
export function neutraliseCsvCell(text: string): string {
  return needsPrefix(text) ? `'${text}` : text;
}

/**
 * Undoes neutraliseCsvCell on a cell read back (the catalogue import): a leading `'` before a
 * formula character or another `'` is the writer's and is dropped; any other text is kept.
 */
export function restoreCsvCell(text: string): string {
  return text[0] === "'" && needsPrefix(text.slice(1)) ? text.slice(1) : text;
}

/**
 * The csv-stringify options of every CSV the product writes: text cells go through
 * neutraliseCsvCell and a neutralised cell is quoted as well (OWASP); numbers stay numbers.
 */
export function safeCsvOptions(): StringifyOptions {
  return {
    cast: {
      string: (value) => {
        const safe = neutraliseCsvCell(value);
        return safe === value ? value : { value: safe, quoted: true };
      },
    },
  };
}
