/**
 * Reading one cell of a catalogue file (docs/product/back-office-catalogue.md "Import file"). Each
 * function answers the value or an English message saying what is wrong; the caller adds row and column.
 */
export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const bad = (message: string): CellResult<never> => ({ ok: false, message });

/** A SKU: letters, digits, dash and underscore, up to 64 characters (it also names the product image). */
export function readSku(cell: string): CellResult<string> {
  const value = cell.trim();
  if (!value) return bad('sku is required');
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(value))
    return bad('sku may hold letters, digits, - and _ only (at most 64)');
  return ok(value);
}

/** Dollars with at most two decimals (a dot or a comma as decimal mark), as integer cents. */
export function readMoneyCents(cell: string): CellResult<number> {
  const value = cell.trim().replace(/^\$/, '').replace(',', '.');
  if (!/^-?\d{1,7}(\.\d{1,2})?$/.test(value)) return bad('must be an amount such as 12.50');
  const cents = Math.round(Number(value) * 100);
  if (cents < 0) return bad('must not be negative');
  return ok(cents);
}

/** A whole number of at least `min`. */
export function readWholeNumber(cell: string, min: number): CellResult<number> {
  const value = cell.trim();
  if (!/^-?\d{1,9}$/.test(value)) return bad('must be a whole number');
  const n = Number(value);
  if (n < min) return bad(min === 0 ? 'must not be negative' : `must be at least ${min}`);
  return ok(n);
}

/** yes / no (also true/false, 1/0, oui/non, sí/no), case-insensitive. */
export function readYesNo(cell: string): CellResult<boolean> {
  const value = cell.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'oui', 'sí', 'si'].includes(value)) return ok(true);
  if (['no', 'n', 'false', '0', 'non'].includes(value)) return ok(false);
  return bad('must be yes or no');
}
