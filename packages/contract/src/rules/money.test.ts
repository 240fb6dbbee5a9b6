import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  activeSecondPrice,
  toCents,
  unitPrice,
  formatMoney,
  isComingSoon,
  isUnavailable,
  lineTotalCents,
  mayBackorder,
  unitPriceCents,
} from './index';

describe('coming soon', () => {
  it('is class N whatever its case or padding', () => {
    expect(isComingSoon('N')).toBe(true);
    expect(isComingSoon(' n ')).toBe(true);
    expect(isComingSoon('F')).toBe(false);
    expect(isComingSoon(null)).toBe(false);
    expect(mayBackorder('n')).toBe(true);
    expect(mayBackorder('R')).toBe(false);
  });
  it('a coming-soon product is never unavailable (property)', () => {
    fc.assert(fc.property(fc.integer(), (available) => !isUnavailable(available, 'N')));
  });
});

describe('unit price and line total', () => {
  it('takes the second selling price when above zero, else the selling price', () => {
    expect(unitPriceCents({ sellingCents: 300, secondCents: 250 })).toBe(250);
    expect(unitPriceCents({ sellingCents: 300, secondCents: 0 })).toBe(300);
    expect(unitPriceCents({ sellingCents: 300, secondCents: null })).toBe(300);
    expect(unitPriceCents({ sellingCents: 300 })).toBe(300);
  });
  it('multiplies unit × packs × pack size, a missing pack counting as one', () => {
    expect(lineTotalCents(250, 2, 12)).toBe(6000);
    expect(lineTotalCents(250, 2, null)).toBe(500);
    expect(lineTotalCents(250, 2, 0)).toBe(500);
  });
  it('is never above the selling price when a second price exists, and linear in packs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.option(fc.integer({ min: -10, max: 100_000 })),
        fc.integer({ min: 0, max: 500 }),
        fc.option(fc.integer({ min: 0, max: 48 })),
        (selling, second, packs, pack) => {
          const unit = unitPriceCents({ sellingCents: selling, secondCents: second });
          const chosen = second !== null && second > 0 ? second : selling;
          return (
            unit === chosen &&
            lineTotalCents(unit, packs + 1, pack) - lineTotalCents(unit, packs, pack) ===
              lineTotalCents(unit, 1, pack)
          );
        },
      ),
    );
  });
});

describe('formatMoney', () => {
  const nbsp = '\u00a0';
  it('names the currency, one way per language', () => {
    expect(formatMoney('en', 'ca')(109)).toBe('CA$1.09');
    expect(formatMoney('en', 'us')(123450)).toBe('US$1,234.50');
    expect(formatMoney('fr', 'ca')(109)).toBe(`1,09${nbsp}$${nbsp}CA`);
    expect(formatMoney('fr', 'us')(123450)).toBe(`1${nbsp}234,50${nbsp}$${nbsp}US`);
    expect(formatMoney('es', 'ca')(219)).toBe('CA$2.19');
    expect(formatMoney('es', 'us')(123450)).toBe('US$1,234.50');
  });
  it('reads the wire forms and falls back to English and Canada', () => {
    expect(formatMoney('', 'usa')(100)).toBe('US$1.00');
    expect(formatMoney('sp', 'ca')(100)).toBe('CA$1.00');
    expect(formatMoney('fr-CA', 'US')(100)).toBe(`1,00${nbsp}$${nbsp}US`);
    expect(formatMoney(undefined, undefined)(100)).toBe('CA$1.00');
    expect(formatMoney('de', 'mx')(100)).toBe('CA$1.00');
  });
  // "458,19 $ CA" broke after the dollar sign in a narrow table cell: "458,19 $" / "CA".
  it('never lets a line break inside a French amount', () => {
    for (const country of ['ca', 'us'])
      // Only no-break spaces (U+00A0, and U+202F between thousands): never a plain one.
      expect(formatMoney('fr', country)(12_345_678)).not.toContain(' ');
  });
  it('puts the sign before the amount', () => {
    expect(formatMoney('en', 'ca')(-250)).toBe('-CA$2.50');
    expect(formatMoney('fr', 'ca')(-250)).toBe(`-2,50${nbsp}$${nbsp}CA`);
  });
  it('always shows the currency and exactly two decimals, and reads back the amount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.constantFrom('en', 'fr', 'es'),
        fc.constantFrom('ca', 'us'),
        (cents, lang, country) => {
          const text = formatMoney(lang, country)(cents);
          const marker = country === 'ca' ? /CA/ : /US/;
          const digits = text.replace(/[^0-9]/g, '');
          const decimals = lang === 'fr' ? /,\d\d\u00a0/ : /\.\d\d$/;
          return marker.test(text) && decimals.test(text) && Number(digits) === Math.abs(cents);
        },
      ),
    );
  });
});

describe('unitPrice and activeSecondPrice (wire dollars)', () => {
  it('use the second selling price only when it is above zero', () => {
    expect(activeSecondPrice({ selling_price: 2.5, selling_price_2: 1.99 })).toBe(1.99);
    expect(unitPrice({ selling_price: 2.5, selling_price_2: 1.99 })).toBe(1.99);
    for (const none of [null, 0, -1, undefined]) {
      expect(activeSecondPrice({ selling_price: 2.5, selling_price_2: none })).toBeNull();
      expect(unitPrice({ selling_price: 2.5, selling_price_2: none })).toBe(2.5);
    }
    expect(unitPrice({})).toBe(0);
  });

  it('agree with unitPriceCents for any prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -100, max: 10_000_000 }),
        (selling, second) => {
          const wire = { selling_price: selling / 100, selling_price_2: second / 100 };
          expect(toCents(unitPrice(wire))).toBe(
            unitPriceCents({ sellingCents: selling, secondCents: second }),
          );
        },
      ),
    );
  });
});
