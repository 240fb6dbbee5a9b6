import { isOrderable } from './availability';

/** Converts dollars (as stored on the wire) to integer cents, rounding half away from zero. */
export function toCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);
}

/** Converts integer cents to dollars with two decimals, for the wire. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

export type CartTotalLine = {
  price_cents: number;
  selling_price_cents: number;
  item: number;
  ship_pack: number | null | undefined;
  available: number;
  class: string | null | undefined;
  selected?: boolean;
};

/**
 * SPEC.md §9: sum of (price if > 0, else selling_price) × item × ship_pack (default 1) over selected
 * lines that are available or class N. Integer cents in, integer cents out.
 */
export function cartTotalCents(lines: CartTotalLine[]): number {
  let total = 0;
  for (const line of lines) {
    if (line.selected === false) continue;
    if (!isOrderable(line.available, line.class)) continue;
    const unit = line.price_cents > 0 ? line.price_cents : line.selling_price_cents;
    const pack = line.ship_pack && line.ship_pack > 0 ? line.ship_pack : 1;
    total += unit * line.item * pack;
  }
  return total;
}

/** SPEC.md §9: cart popup totals use whole-dollar formatting with a .00 suffix. */
export function formatWholeDollars(cents: number, locale = 'en-CA'): string {
  const whole = Math.round(cents / 100);
  return `$${whole.toLocaleString(locale)}.00`;
}

/** Formats integer cents as dollars with two decimals in the given locale. */
export function formatMoney(cents: number, locale = 'en-CA'): string {
  return (cents / 100).toLocaleString(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  });
}
