/**
 * Amounts staff type in dollars, read as cents. Two readings: `typedCents` takes what a number
 * field holds (a comma as the decimal point; NaN when it is not a number), `dollarsToCents` checks
 * free text strictly (an amount above zero with at most two decimals, spaces allowed, else null).
 */
export const typedCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/** "123.45", "123,45" or "1 234.56" (dollars) as cents; null when it is not an amount above zero. */
export function dollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents > 0 ? cents : null;
}
