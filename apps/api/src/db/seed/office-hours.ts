import { addDays, earliestShipDate, isBusinessDay, shopToday } from '@wholesale/contract';

/**
 * The distributor's office hours, for the demo's staff: Monday to Friday, 08:00 to 17:00 in the
 * shop's time zone (America/Toronto, where the warehouse is; `shopToday` reads the same zone).
 * What the demo's staff did (an order accepted, a parcel shipped, a return received) happens in
 * these hours, so the demo's history reads as a real desk's. Public holidays are not known, as
 * the shop's ship dates do not know them either (`isBusinessDay`).
 * NOTE: no date library in the repo (and no Temporal types in TypeScript 5.9): the zone's offset
 * is read from Intl, as contract/checkout/rules.ts reads the shop's day.
 */

const MINUTE = 60_000;
/** When the office opens and closes, in minutes after midnight (shop time). */
export const OFFICE_OPENS = 8 * 60;
export const OFFICE_CLOSES = 17 * 60;

// One formatter for the module (building one costs far more than a format).
const WALL_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Milliseconds since the shop's midnight at an instant (its wall clock, seconds included). */
function shopMillis(at: Date): number {
  const parts = Object.fromEntries(
    WALL_CLOCK.formatToParts(at).map((p) => [p.type, Number(p.value)]),
  ) as Record<'hour' | 'minute' | 'second', number>;
  return ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000 + at.getUTCMilliseconds();
}

/** Minutes since the shop's midnight at an instant (fractional: seconds count). */
export const shopMinutes = (at: Date): number => shopMillis(at) / MINUTE;

/** The instant at `minutes` after midnight of the shop's day `day` (YYYY-MM-DD). */
export function shopInstant(day: string, minutes: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE;
  // The zone's offset at a first guess, then at the answer (they differ only across a change of
  // offset, which happens at night, outside office hours).
  let at = wall;
  for (let i = 0; i < 2; i += 1) {
    const seen = Date.parse(`${shopToday(new Date(at))}T00:00:00Z`) + shopMillis(new Date(at));
    at += wall - seen;
  }
  return new Date(at);
}

/** True on a weekday from opening (included) to closing (excluded), shop time. */
export function isOfficeTime(at: Date): boolean {
  const minutes = shopMinutes(at);
  return isBusinessDay(shopToday(at)) && minutes >= OFFICE_OPENS && minutes < OFFICE_CLOSES;
}

/** The first business day after `day` (the shop's earliest ship day from the day after). */
const nextBusinessDay = (day: string): string => earliestShipDate(addDays(day, 1));

/** `at` itself in office hours; otherwise the office's next opening. */
export function nextOfficeTime(at: Date): Date {
  if (isOfficeTime(at)) return at;
  const day = shopToday(at);
  if (isBusinessDay(day) && shopMinutes(at) < OFFICE_OPENS) return shopInstant(day, OFFICE_OPENS);
  return shopInstant(nextBusinessDay(day), OFFICE_OPENS);
}

/**
 * The instant `minutes` of office time after `at` (counted from the next opening when `at` is
 * outside office hours): the work of a day left unfinished at closing goes on the next business
 * morning. Always in office hours.
 */
export function addOfficeMinutes(at: Date, minutes: number): Date {
  let start = nextOfficeTime(at);
  let left = minutes;
  for (;;) {
    const untilClosing = OFFICE_CLOSES - shopMinutes(start);
    if (left < untilClosing) return new Date(start.getTime() + Math.round(left * MINUTE));
    left -= untilClosing;
    start = shopInstant(nextBusinessDay(shopToday(start)), OFFICE_OPENS);
  }
}

/** `day` when it is a business day, else the business day before it (YYYY-MM-DD). */
export function businessDayOnOrBefore(day: string): string {
  let d = day;
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}
