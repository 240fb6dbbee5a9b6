import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_YEARS, dateField, isCalendarDate, optionalDateField } from './dates';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
/** The oracle: the last day of a month, as the platform's calendar knows it. */
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

describe('isCalendarDate', () => {
  it('refuses impossible months, days and years, and 29 February outside leap years', () => {
    for (const v of [
      '2026-13-01',
      '0000-00-00',
      '9999-99-99',
      '2026-02-31',
      '2026-04-31',
      '2023-02-29',
      '2100-02-29',
      '2026-00-10',
      '2026-01-00',
      '1899-12-31',
      '2101-01-01',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00Z',
      '',
    ])
      expect(isCalendarDate(v), v).toBe(false);
    for (const v of ['2024-02-29', '2000-02-29', '2026-12-31', '1900-01-01', '2100-12-31'])
      expect(isCalendarDate(v), v).toBe(true);
  });

  it('accepts exactly the days of each month of the allowed years', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: DATE_YEARS.min, max: DATE_YEARS.max }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          expect(isCalendarDate(iso(y, m, d))).toBe(d >= 1 && d <= daysIn(y, m));
        },
      ),
    );
  });
});

describe('dateField', () => {
  it('names the field and carries the reason the web translates', () => {
    const result = dateField('from').safeParse('2026-02-31');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'from must be a real date written YYYY-MM-DD, between 1900 and 2100',
      params: { reason: 'DATE_INVALID', field: 'from' },
    });
    expect(optionalDateField('to').parse('')).toBeUndefined();
    expect(optionalDateField('to').parse(undefined)).toBeUndefined();
    expect(optionalDateField('to').parse(' 2024-02-29 ')).toBe('2024-02-29');
  });
});
