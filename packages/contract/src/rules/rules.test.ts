import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartLineCents,
  cartTotalCents,
  clampQuantity,
  countsByProduct,
  isUnavailable,
  pageWindow,
  MAX_QUANTITY,
  readQuantity,
  resultCount,
  toCents,
} from './index';

describe('availability', () => {
  it('is unavailable at 0 or less unless class N', () => {
    expect(isUnavailable(0, 'F')).toBe(true);
    expect(isUnavailable(-3, '')).toBe(true);
    expect(isUnavailable(0, 'N')).toBe(false);
    expect(isUnavailable(0, ' n ')).toBe(false);
    expect(isUnavailable(1, 'R')).toBe(false);
  });
});

describe('quantity', () => {
  it('reads digits as exactly that number and refuses the rest with a reason', () => {
    expect(readQuantity('12')).toEqual({ ok: true, value: 12 });
    expect(readQuantity(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(readQuantity('')).toEqual({ ok: false, reason: 'empty' });
    expect(readQuantity('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(readQuantity('-4')).toEqual({ ok: false, reason: 'negative' });
    // Regression: these were read as 25 and 13 packs.
    expect(readQuantity('2.5')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity('1e3')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity('1,5')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity('abc')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity('1-')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity('+3')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity('0x10')).toEqual({ ok: false, reason: 'notWhole' });
    expect(readQuantity(String(MAX_QUANTITY + 1))).toEqual({ ok: false, reason: 'tooLarge' });
  });
  it('refuses, with a reason, any text that is not digits after trimming (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\d+$/.test(text.trim()));
        const reading = readQuantity(text);
        return !reading.ok && reading.reason.length > 0;
      }),
    );
  });
  it('never yields a number other than the one typed (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^\s*\d{1,7}\s*$/), fc.nat().map(String)),
        (text) => {
          const reading = readQuantity(text);
          if (!reading.ok) return true;
          return (
            /^\d+$/.test(text.trim()) &&
            reading.value === Number(text.trim()) &&
            BigInt(text.trim()) === BigInt(reading.value)
          );
        },
      ),
    );
  });
  it('clamps above available except class N', () => {
    expect(clampQuantity(10, 4, 'F')).toEqual({ quantity: 4, clamped: true });
    expect(clampQuantity(10, 0, 'N')).toEqual({ quantity: 10, clamped: false });
    expect(clampQuantity(3, 4, '')).toEqual({ quantity: 3, clamped: false });
  });
  it('never clamps above available nor below zero (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 100000 }),
        fc.integer({ min: -50, max: 1000 }),
        (q, a) => {
          const { quantity } = clampQuantity(q, a, 'R');
          return quantity >= 0 && quantity <= Math.max(0, a) && quantity <= Math.max(0, q);
        },
      ),
    );
  });
  it('counts per trimmed product id, keeping positive counts', () => {
    const counts = countsByProduct([
      { product_id: ' A1 ', item: 2 },
      { product_id: 'A1', item: 3 },
      { product_id: 'B2', item: 0 },
    ]);
    expect([...counts]).toEqual([['A1', 5]]);
  });
});

describe('cart total', () => {
  const line = {
    price_cents: 250,
    selling_price_cents: 300,
    item: 2,
    ship_pack: 12,
    available: 5,
    class: 'F',
  };
  it('uses price when above zero, else selling price; ship pack defaults to 1', () => {
    expect(cartTotalCents([line])).toBe(250 * 2 * 12);
    expect(cartTotalCents([{ ...line, price_cents: 0 }])).toBe(300 * 2 * 12);
    expect(cartTotalCents([{ ...line, ship_pack: null }])).toBe(500);
  });
  it('skips unselected and unavailable lines but keeps class N', () => {
    expect(cartTotalCents([{ ...line, selected: false }])).toBe(0);
    expect(cartTotalCents([{ ...line, available: 0 }])).toBe(0);
    expect(cartTotalCents([{ ...line, available: 0, class: 'N' }])).toBe(6000);
  });
  it('is the sum of its parts (property)', () => {
    const arb = fc.record({
      price_cents: fc.integer({ min: -100, max: 100000 }),
      selling_price_cents: fc.integer({ min: 0, max: 100000 }),
      item: fc.integer({ min: 0, max: 500 }),
      ship_pack: fc.option(fc.integer({ min: 1, max: 48 })),
      available: fc.integer({ min: -5, max: 100 }),
      class: fc.constantFrom('F', 'R', 'N', 'Y', ''),
    });
    fc.assert(
      fc.property(
        fc.array(arb),
        fc.array(arb),
        (a, b) => cartTotalCents([...a, ...b]) === cartTotalCents(a) + cartTotalCents(b),
      ),
    );
  });
  it("is each line's cartLineCents at the line's unit price, added up (property)", () => {
    const arb = fc.record({
      unit: fc.integer({ min: 0, max: 100000 }),
      item: fc.integer({ min: 0, max: 500 }),
      ship_pack: fc.option(fc.integer({ min: -1, max: 48 })),
      available: fc.integer({ min: -5, max: 100 }),
      class: fc.option(fc.constantFrom('F', 'R', 'N', 'Y', '')),
      selected: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(arb), (lines) => {
        const asCart = lines.map(({ unit, ...l }) => ({
          ...l,
          price_cents: unit,
          selling_price_cents: unit,
        }));
        const added = lines.reduce(
          (sum, l) =>
            sum + cartLineCents(l.unit, l.item, l.ship_pack, l.available, l.class, l.selected),
          0,
        );
        return cartTotalCents(asCart) === added;
      }),
    );
  });
  it('converts dollars to cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
  });
});

describe('page window', () => {
  const render = (c: number, l: number) =>
    pageWindow(c, l)
      .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
      .join(' ');
  it('shows first, last and one neighbour with ellipses', () => {
    expect(render(1, 1)).toBe('1');
    expect(render(1, 10)).toBe('1 2 … 10');
    expect(render(5, 10)).toBe('1 … 4 5 6 … 10');
    expect(render(10, 10)).toBe('1 … 9 10');
    expect(render(3, 5)).toBe('1 2 3 4 5');
  });
  it('always contains first, last and current, strictly increasing (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (c, l) => {
        const pages = pageWindow(c, l).flatMap((i) => (i.kind === 'page' ? [i.page] : []));
        const current = Math.min(c, l);
        return (
          pages[0] === 1 &&
          pages[pages.length - 1] === l &&
          pages.includes(current) &&
          pages.every((p, i) => i === 0 || p > pages[i - 1]) &&
          pages.length <= 5
        );
      }),
    );
  });
  it("reads 'n of n' under 25", () => {
    expect(resultCount(10, 10)).toEqual({ shown: 10, total: 10 });
    expect(resultCount(25, 300)).toEqual({ shown: 25, total: 300 });
  });
});
