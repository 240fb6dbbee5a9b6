/**
 * Amounts staff type in dollars, read as cents. Two readings: `typedCents` takes what a number
 * field holds (a comma as the decimal point; NaN when it is not a number), `dollarsToCents` checks
 * free text strictly (an amount above zero with at most two decimals, spaces allowed, else null).
 */
export const typedCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/**
 * "123.45", "123,45", "1 234.56" or an amount copied from the screen ("2,085.20", "2 085,20 $ CA",
 * "CA$2,085.20") as cents; null when it is not an amount above zero. Thousands are grouped by
 * spaces, or by the one separator the decimals do not use: "2,085" alone could be two dollars in
 * French, so it is refused, not guessed.
 */
export function dollarsToCents(text: string): number | null {
  const bare = text.replace(/\s/g, '').replace(/^(?:CA|US)?\$|\$(?:CA|US)?$/, '');
  const grouped = /^(\d{1,3}(?:([,.])\d{3})+)([,.])(\d{1,2})$/.exec(bare);
  const clean =
    grouped && grouped[2] !== grouped[3]
      ? `${grouped[1]!.replaceAll(grouped[2]!, '')}.${grouped[4]}`
      : bare.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents > 0 ? cents : null;
}
