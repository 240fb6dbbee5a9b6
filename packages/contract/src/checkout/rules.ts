/**
 * Checkout rules shared by the API and the web (docs/product/cart-and-orders.md, "Checkout";
 * docs/decisions/021-checkout-taxes-and-addresses.md). Everything here is pure: no clock, no I/O.
 */
import { isCalendarDate } from '../common/dates';

/** Payment terms an account can be on; shown at checkout and printed on the order. */
export const PAYMENT_TERMS = ['prepaid', 'card', 'net_15', 'net_30', 'net_60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** One sales tax applied to an order: which tax, at what rate, how much. */
export type TaxKind = 'GST' | 'HST' | 'PST' | 'QST' | 'STATE';

/** Rates in thousandths of a percent (9.975 % = 9975), so every rate is an integer. */
type RateTable = Record<string, ReadonlyArray<{ kind: TaxKind; rate: number }>>;

const GST = { kind: 'GST', rate: 5000 } as const;

/**
 * Canadian sales taxes by ship-to province (rates in force in 2025): GST everywhere, HST instead in
 * the harmonised provinces, PST in BC/MB/SK, QST in Québec. Both apply to the pre-tax amount.
 */
export const CANADIAN_SALES_TAX: RateTable = {
  AB: [GST],
  NT: [GST],
  NU: [GST],
  YT: [GST],
  BC: [GST, { kind: 'PST', rate: 7000 }],
  MB: [GST, { kind: 'PST', rate: 7000 }],
  SK: [GST, { kind: 'PST', rate: 6000 }],
  QC: [GST, { kind: 'QST', rate: 9975 }],
  ON: [{ kind: 'HST', rate: 13000 }],
  NB: [{ kind: 'HST', rate: 15000 }],
  NL: [{ kind: 'HST', rate: 15000 }],
  NS: [{ kind: 'HST', rate: 14000 }],
  PE: [{ kind: 'HST', rate: 15000 }],
};

/**
 * US state base sales tax rates (statewide rate only: county and city taxes are not included, so
 * the figure is labelled an estimate). States without a sales tax are 0.
 */
export const US_STATE_BASE_RATES: Record<string, number> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  PR: 10500,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 4850,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
};

export type TaxLine = { kind: TaxKind; rate: number; amountCents: number };
export type TaxEstimate = { lines: TaxLine[]; totalCents: number };

/** Rounds half away from zero to whole cents (each tax is rounded on its own, as invoices do). */
export function taxOn(amountCents: number, rate: number): number {
  return Math.sign(amountCents) * Math.round((Math.abs(amountCents) * rate) / 100_000);
}

/**
 * Estimated sales taxes on a pre-tax amount shipped to a province (country 'ca') or a state
 * (country 'us'). An unknown region gives no tax lines (the web then says taxes are not estimated).
 */
export function estimateSalesTax(
  subtotalCents: number,
  country: 'ca' | 'us',
  region: string,
): TaxEstimate {
  const code = region.trim().toUpperCase();
  const rates =
    country === 'ca'
      ? (CANADIAN_SALES_TAX[code] ?? [])
      : code in US_STATE_BASE_RATES
        ? [{ kind: 'STATE' as const, rate: US_STATE_BASE_RATES[code] }]
        : [];
  const lines = rates.map((r) => ({ ...r, amountCents: taxOn(subtotalCents, r.rate) }));
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
}

/** A rate in thousandths of a percent as a percentage number (9975 → 9.975). */
export const ratePercent = (rate: number): number => rate / 1000;

// NOTE: one formatter for the module: building an Intl.DateTimeFormat costs far more than a format
// (it was a tenth of the API's CPU on a priced product page, where every request asks for the day).
const SHOP_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The shop's calendar day at an instant (the warehouse is in Eastern time), YYYY-MM-DD: what "today"
 * means for the requested ship date, on the server and in the browser alike.
 */
export function shopToday(now: Date): string {
  return SHOP_DAY.format(now);
}

// ----- Requested ship date --------------------------------------------------------------------

/** Parses YYYY-MM-DD as a calendar date (UTC midnight); null when it is not a real date. */
export function parseIsoDate(value: string): Date | null {
  return isCalendarDate(value) ? new Date(`${value}T00:00:00Z`) : null;
}

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** True on Monday to Friday (public holidays are not known to the shop). */
export function isBusinessDay(isoDate: string): boolean {
  const d = parseIsoDate(isoDate);
  return d !== null && !isWeekend(d);
}

/** The first business day on or after the given day (YYYY-MM-DD in, YYYY-MM-DD out). */
export function earliestShipDate(todayIso: string): string {
  const d = parseIsoDate(todayIso);
  if (!d) throw new Error(`Not a date: ${todayIso}`);
  while (isWeekend(d)) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * How far ahead a buyer may ask for an order to ship: a season's forward order, not a typo's year
 * 9999 that would sit on the warehouse's list for ever.
 */
export const MAX_SHIP_DAYS_AHEAD = 365;

/** The last day a ship date may be requested on today (YYYY-MM-DD in, YYYY-MM-DD out). */
export function latestShipDate(todayIso: string): string {
  const d = parseIsoDate(todayIso);
  if (!d) throw new Error(`Not a date: ${todayIso}`);
  d.setUTCDate(d.getUTCDate() + MAX_SHIP_DAYS_AHEAD);
  return d.toISOString().slice(0, 10);
}

export type ShipDateProblem = 'invalid' | 'past' | 'too_far' | 'not_business_day';

/** Why a requested ship date cannot be accepted today, or null when it can. */
export function shipDateProblem(requested: string, todayIso: string): ShipDateProblem | null {
  if (!parseIsoDate(requested)) return 'invalid';
  if (requested < todayIso) return 'past';
  if (requested > latestShipDate(todayIso)) return 'too_far';
  if (!isBusinessDay(requested)) return 'not_business_day';
  return null;
}

export const SHIP_DATE_MESSAGES: Record<ShipDateProblem, string> = {
  invalid: 'The requested ship date must be a date written YYYY-MM-DD',
  past: 'The requested ship date must not be in the past',
  too_far: 'The requested ship date must be within a year of today',
  not_business_day: 'The requested ship date must be a business day (Monday to Friday)',
};
