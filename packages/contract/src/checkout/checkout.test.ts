import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANADIAN_SALES_TAX,
  US_STATE_BASE_RATES,
  earliestShipDate,
  estimateSalesTax,
  isBusinessDay,
  latestShipDate,
  parseIsoDate,
  shipDateProblem,
  shopToday,
} from './index';
import { CA_PROVINCES, US_STATES } from '../registration';

describe('estimated sales taxes', () => {
  it('charges HST alone in Ontario and the Atlantic provinces', () => {
    expect(estimateSalesTax(100_000, 'ca', 'ON')).toEqual({
      lines: [{ kind: 'HST', rate: 13000, amountCents: 13_000 }],
      totalCents: 13_000,
    });
    expect(estimateSalesTax(100_000, 'ca', 'NS').totalCents).toBe(14_000);
    expect(estimateSalesTax(100_000, 'ca', 'PE').totalCents).toBe(15_000);
  });
  it('charges GST and QST side by side in Québec, each rounded to the cent', () => {
    const q = estimateSalesTax(12_345, 'ca', 'qc');
    expect(q.lines).toEqual([
      { kind: 'GST', rate: 5000, amountCents: 617 },
      { kind: 'QST', rate: 9975, amountCents: 1231 },
    ]);
    expect(q.totalCents).toBe(1848);
  });
  it('charges GST and PST in BC, GST only in Alberta and the territories', () => {
    expect(estimateSalesTax(10_000, 'ca', 'BC').totalCents).toBe(1200);
    for (const r of ['AB', 'NT', 'NU', 'YT'])
      expect(estimateSalesTax(10_000, 'ca', r).totalCents).toBe(500);
  });
  it('uses the US state base rate and nothing for states without sales tax', () => {
    expect(estimateSalesTax(10_000, 'us', 'NY')).toEqual({
      lines: [{ kind: 'STATE', rate: 4000, amountCents: 400 }],
      totalCents: 400,
    });
    expect(estimateSalesTax(10_000, 'us', 'OR').totalCents).toBe(0);
  });
  it('gives no lines for an unknown region or a province given as a US state', () => {
    expect(estimateSalesTax(10_000, 'ca', 'ZZ')).toEqual({ lines: [], totalCents: 0 });
    expect(estimateSalesTax(10_000, 'us', 'ON')).toEqual({ lines: [], totalCents: 0 });
  });
  it('covers every province, territory and state the application form offers', () => {
    for (const p of CA_PROVINCES) expect(CANADIAN_SALES_TAX[p]?.length).toBeGreaterThan(0);
    for (const s of US_STATES) expect(US_STATE_BASE_RATES[s]).toBeTypeOf('number');
  });
  it('is the sum of its lines, never negative, and at most 15 % of the amount (property)', () => {
    const regions = [
      ...CA_PROVINCES.map((r) => ['ca', r] as const),
      ...Object.keys(US_STATE_BASE_RATES).map((r) => ['us', r] as const),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...regions),
        (cents, [country, region]) => {
          const t = estimateSalesTax(cents, country, region);
          expect(t.totalCents).toBe(t.lines.reduce((s, l) => s + l.amountCents, 0));
          expect(t.totalCents).toBeGreaterThanOrEqual(0);
          expect(t.totalCents).toBeLessThanOrEqual(Math.ceil(cents * 0.15) + t.lines.length);
        },
      ),
    );
  });
});

describe('requested ship date', () => {
  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2028-02-29')).not.toBeNull();
    expect(parseIsoDate('26-1-1')).toBeNull();
  });
  it('knows weekends', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
  });
  it('moves the earliest ship date from a weekend to Monday', () => {
    expect(earliestShipDate('2026-11-27')).toBe('2026-11-27');
    expect(earliestShipDate('2026-11-28')).toBe('2026-11-30');
    expect(earliestShipDate('2026-11-29')).toBe('2026-11-30');
  });
  it('refuses past days, weekends and non-dates, and accepts today or later business days', () => {
    const today = '2026-11-25';
    expect(shipDateProblem('2026-11-24', today)).toBe('past');
    expect(shipDateProblem('2026-11-28', today)).toBe('not_business_day');
    expect(shipDateProblem('2026-13-01', today)).toBe('invalid');
    expect(shipDateProblem('2026-11-25', today)).toBeNull();
    expect(shipDateProblem('2026-12-01', today)).toBeNull();
  });
  it('accepts a forward order up to a year ahead and refuses a later one', () => {
    const today = '2026-11-25';
    expect(latestShipDate(today)).toBe('2027-11-25');
    expect(shipDateProblem('2027-11-25', today)).toBeNull();
    expect(shipDateProblem('2027-11-26', today)).toBe('too_far');
    expect(shipDateProblem('2099-12-31', today)).toBe('too_far');
    // Across a leap day the year is still 365 days.
    expect(latestShipDate('2027-06-01')).toBe('2028-05-31');
  });
  it('a day after the latest is always too far, and the latest is never in the past (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 2000 }),
        (d, daysLater) => {
          const today = d.toISOString().slice(0, 10);
          const latest = latestShipDate(today);
          expect(latest > today).toBe(true);
          const after = new Date(`${latest}T00:00:00Z`);
          after.setUTCDate(after.getUTCDate() + daysLater);
          expect(shipDateProblem(after.toISOString().slice(0, 10), today)).toBe('too_far');
        },
      ),
    );
  });
  it('the earliest ship date is always an acceptable request (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const today = d.toISOString().slice(0, 10);
          expect(shipDateProblem(earliestShipDate(today), today)).toBeNull();
        },
      ),
    );
  });
});

describe('shopToday', () => {
  it('is the Eastern-time calendar day', () => {
    expect(shopToday(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    expect(shopToday(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
  });
});
