import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateWriters } from './dates';

/** Noon of a day where the test runs: a moment's day is the reader's own, whatever their zone. */
const localNoon = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).toISOString();

describe('dates in the reader’s language', () => {
  it('writes a day in words, as written in Canada, in each language', () => {
    expect(dateWriters('en').day(localNoon(2026, 11, 30))).toBe('November 30, 2026');
    expect(dateWriters('fr').day(localNoon(2026, 11, 30))).toBe('30 novembre 2026');
    expect(dateWriters('es').day(localNoon(2026, 11, 30))).toBe('30 de noviembre de 2026');
  });

  it('writes a table’s day and a moment shorter, never as numbers a reader could take the wrong way round', () => {
    for (const lang of ['en', 'fr', 'es']) {
      const { tableDay, moment } = dateWriters(lang);
      expect(tableDay(localNoon(2026, 11, 3))).not.toMatch(/\d+[/.-]\d+[/.-]\d+/);
      expect(moment(localNoon(2026, 11, 3))).not.toMatch(/\d+[/.-]\d+[/.-]\d+/);
      expect(moment(localNoon(2026, 11, 3))).toMatch(/2026/);
    }
    expect(dateWriters('en').tableDay(localNoon(2026, 11, 3))).toBe('Nov 3, 2026');
  });

  it('writes a calendar day as that day whatever the time zone', () => {
    const months =
      'January February March April May June July August September October November December';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_500 }), (daysAfter2000) => {
        const day = new Date(Date.UTC(2000, 0, 1 + daysAfter2000));
        const month = months.split(' ')[day.getUTCMonth()];
        const isoDay = day.toISOString().slice(0, 10);
        expect(dateWriters('en').calendarDay(isoDay)).toBe(
          `${month} ${day.getUTCDate()}, ${day.getUTCFullYear()}`,
        );
        expect(dateWriters('en').tableCalendarDay(isoDay)).toBe(
          `${month!.slice(0, 3)} ${day.getUTCDate()}, ${day.getUTCFullYear()}`,
        );
      }),
    );
  });

  it('shows what is not a date as it came, not as "Invalid Date"', () => {
    expect(dateWriters('fr').day('soon')).toBe('soon');
    expect(dateWriters('en').calendarDay('2026-13-45')).toBe('2026-13-45');
  });
});
