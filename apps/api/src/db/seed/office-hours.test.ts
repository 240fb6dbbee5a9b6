import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shopToday } from '@wholesale/contract';
import {
  addOfficeMinutes,
  businessDayOnOrBefore,
  isOfficeTime,
  nextOfficeTime,
  shopInstant,
  shopMinutes,
} from './office-hours';

// The demo staff's office hours: weekdays, 08:00 to 17:00, Toronto time (standard and daylight).

describe('office hours', () => {
  it('finds the instant of a shop time in standard and in daylight time', () => {
    expect(shopInstant('2026-11-20', 10 * 60).toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(shopInstant('2026-07-15', 10 * 60).toISOString()).toBe('2026-07-15T14:00:00.000Z');
    // The Mondays after the clocks change (2026-03-08 forward, 2026-11-01 back).
    expect(shopInstant('2026-03-09', 8 * 60).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(shopInstant('2026-11-02', 8 * 60).toISOString()).toBe('2026-11-02T13:00:00.000Z');
  });

  it('opens on weekdays from 08:00 to 17:00, closing time excluded', () => {
    expect(isOfficeTime(new Date('2026-11-20T13:00:00Z'))).toBe(true); // Friday 08:00
    expect(isOfficeTime(new Date('2026-11-20T12:59:59Z'))).toBe(false); // Friday 07:59:59
    expect(isOfficeTime(new Date('2026-11-20T22:00:00Z'))).toBe(false); // Friday 17:00
    expect(isOfficeTime(new Date('2026-11-21T15:00:00Z'))).toBe(false); // Saturday 10:00
  });

  it('moves work outside office hours to the next opening', () => {
    // Friday 18:00 → Monday 08:00; Tuesday 07:00 → Tuesday 08:00; Friday 10:00 stays.
    expect(nextOfficeTime(new Date('2026-11-20T23:00:00Z')).toISOString()).toBe(
      '2026-11-23T13:00:00.000Z',
    );
    expect(nextOfficeTime(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe(
      '2026-11-24T13:00:00.000Z',
    );
    const friday = new Date('2026-11-20T15:00:00Z');
    expect(nextOfficeTime(friday)).toBe(friday);
  });

  it('counts office minutes across closing time and weekends', () => {
    // Friday 16:30 + 60 minutes of office time → Monday 08:30.
    expect(addOfficeMinutes(new Date('2026-11-20T21:30:00Z'), 60).toISOString()).toBe(
      '2026-11-23T13:30:00.000Z',
    );
    // Saturday + a whole working day (9 hours) → Tuesday 08:00.
    expect(addOfficeMinutes(new Date('2026-11-21T15:00:00Z'), 9 * 60).toISOString()).toBe(
      '2026-11-24T13:00:00.000Z',
    );
  });

  it('always lands in office hours, never before the start, within the week for a working day', () => {
    const start = Date.parse('2025-01-01T00:00:00Z');
    const end = Date.parse('2028-12-31T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: start, max: end }),
        fc.integer({ min: 0, max: 9 * 60 }),
        (ms, minutes) => {
          const at = new Date(ms);
          const done = addOfficeMinutes(at, minutes);
          expect(isOfficeTime(done)).toBe(true);
          expect(done.getTime()).toBeGreaterThanOrEqual(ms);
          // A working day of work at most: done within four calendar days (a weekend between).
          expect(done.getTime() - ms).toBeLessThan(4 * 86_400_000);
          expect(shopMinutes(done)).toBeGreaterThanOrEqual(8 * 60);
        },
      ),
      { seed: 20261120, numRuns: 500 },
    );
  });

  it('finds the business day on or before a day', () => {
    expect(businessDayOnOrBefore('2026-11-22')).toBe('2026-11-20'); // Sunday → Friday
    expect(businessDayOnOrBefore('2026-11-20')).toBe('2026-11-20');
    expect(shopToday(shopInstant('2026-11-22', 12 * 60))).toBe('2026-11-22');
  });
});
