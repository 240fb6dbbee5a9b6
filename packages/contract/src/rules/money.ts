import { isComingSoon, isOrderable } from './availability';

/** Converts dollars (as stored on the wire) to integer cents, rounding half away from zero. */
export function toCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);
}

/** Converts integer cents to dollars with two decimals, for the wire. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * What a customer pays per unit (docs/product/cart-and-orders.md#prices): the second selling price
 * when there is one above zero, else the selling price.
 */
export function unitPriceCents(prices: {
  sellingCents: number;
  secondCents?: number | null | undefined;
}): number {
  const second = prices.secondCents ?? 0;
  return second > 0 ? second : prices.sellingCents;
}

/** A product's prices as the wire carries them (dollars; absent for guests). */
type WirePrices = { selling_price?: number; selling_price_2?: number | null };

/** The second selling price when it applies (above zero), else null: it then replaces the selling price. */
export function activeSecondPrice(prices: WirePrices): number | null {
  const second = prices.selling_price_2 ?? null;
  return second !== null && second > 0 ? second : null;
}

/** unitPriceCents on the wire's dollar fields: what one unit of the product costs the customer. */
export function unitPrice(prices: WirePrices): number {
  return fromCents(
    unitPriceCents({
      sellingCents: toCents(prices.selling_price ?? 0),
      secondCents: toCents(activeSecondPrice(prices) ?? 0),
    }),
  );
}

/** A ship pack of 0 or less (or none) counts as one unit. */
export function effectiveShipPack(shipPack: number | null | undefined): number {
  return shipPack && shipPack > 0 ? shipPack : 1;
}

/** A line's amount: unit price × ship packs ordered × units per pack. Integer cents. */
export function lineTotalCents(
  unitCents: number,
  packs: number,
  shipPack: number | null | undefined,
): number {
  return unitCents * packs * effectiveShipPack(shipPack);
}

/** A line beyond the available stock is a back-order; only coming-soon products may go there. */
export function mayBackorder(productClass: string | null | undefined): boolean {
  return isComingSoon(productClass);
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
 * One cart line's share of the docs/product/cart-and-orders.md#total: its amount when it is
 * selected and available or coming soon, else 0. Integer cents (the unit price already chosen).
 */
export function cartLineCents(
  unitCents: number,
  packs: number,
  shipPack: number | null | undefined,
  available: number,
  productClass: string | null | undefined,
  selected: boolean | undefined,
): number {
  if (selected === false || !isOrderable(available, productClass)) return 0;
  return lineTotalCents(unitCents, packs, shipPack);
}

/**
 * docs/product/cart-and-orders.md#total: the sum of line amounts over selected lines that are
 * available or coming soon. Integer cents in, integer cents out.
 */
export function cartTotalCents(lines: CartTotalLine[]): number {
  let total = 0;
  for (const line of lines) {
    const unit = unitPriceCents({
      sellingCents: line.selling_price_cents,
      secondCents: line.price_cents,
    });
    total += cartLineCents(
      unit,
      line.item,
      line.ship_pack,
      line.available,
      line.class,
      line.selected,
    );
  }
  return total;
}

/** The currency of each country's price list. */
export const CURRENCY_BY_COUNTRY = { ca: 'CAD', us: 'USD' } as const;

/**
 * How money reads in each language (docs/product/overview-and-routes.md#money). The currency is
 * always named, so a Canadian and a US dollar never look alike, and the same way on every screen,
 * e-mail and PDF (the marker is ours, not the platform's, so Node and every browser agree):
 * - English: `CA$1,234.50`, `US$1,234.50`
 * - French: `1 234,50 $ CA`, `1 234,50 $ US` (Canadian French)
 * - Spanish: `CA$1,234.50`, `US$1,234.50` (North American Spanish: point for decimals)
 */
const MONEY_STYLE = {
  en: { numberLocale: 'en-CA', marker: { ca: 'CA$', us: 'US$' }, markerFirst: true },
  // No-break spaces: a line never ends between the amount, the dollar sign and its country.
  fr: { numberLocale: 'fr-CA', marker: { ca: '$\u00a0CA', us: '$\u00a0US' }, markerFirst: false },
  es: { numberLocale: 'es-MX', marker: { ca: 'CA$', us: 'US$' }, markerFirst: true },
} as const;

type MoneyLang = keyof typeof MONEY_STYLE;
type MoneyCountry = keyof typeof CURRENCY_BY_COUNTRY;

/** Formats integer cents as an amount with its currency. */
export type MoneyFormatter = (cents: number) => string;

function moneyLang(lang: string | null | undefined): MoneyLang {
  const l = (lang ?? '').trim().toLowerCase().slice(0, 2);
  return l === 'fr' ? 'fr' : l === 'es' || l === 'sp' ? 'es' : 'en';
}

function moneyCountry(country: string | null | undefined): MoneyCountry {
  const c = (country ?? '').trim().toLowerCase();
  return c === 'us' || c === 'usa' ? 'us' : 'ca';
}

const formatters = new Map<string, MoneyFormatter>();

/**
 * The one money format of the storefront: `formatMoney(lang, country)(cents)`. Accepts the wire
 * forms of both ('' or 'sp' for a language, 'usa' for a country); anything unknown reads as English
 * and Canada. Formatters are built once per pair.
 */
export function formatMoney(
  lang: string | null | undefined,
  country: string | null | undefined,
): MoneyFormatter {
  const l = moneyLang(lang);
  const c = moneyCountry(country);
  const key = `${l}-${c}`;
  let format = formatters.get(key);
  if (!format) {
    const style = MONEY_STYLE[l];
    const numbers = new Intl.NumberFormat(style.numberLocale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const marker = style.marker[c];
    format = (cents) => {
      const rounded = Math.round(cents);
      const amount = numbers.format(Math.abs(rounded) / 100);
      const sign = rounded < 0 ? '-' : '';
      return style.markerFirst ? `${sign}${marker}${amount}` : `${sign}${amount}\u00a0${marker}`;
    };
    formatters.set(key, format);
  }
  return format;
}
