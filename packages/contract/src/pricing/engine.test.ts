import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextBreak, priceFor, ruleUnitCents, type PriceEntry, type PricedProduct } from './engine';
import { priceListEntryInput } from './lists';

const DAY = '2026-11-28';

/** A yarn of brand Tremblay in sub-category 12 of top category 3, CA$1.00 a unit. */
const yarn: PricedProduct = {
  id: 7,
  brand: 'Tremblay',
  categoryPath: [12, 3],
  sellingCents: 100,
  secondCents: null,
};

function entry(over: Partial<PriceEntry> & Pick<PriceEntry, 'target' | 'rule'>): PriceEntry {
  return {
    listId: 1,
    listName: 'Maison Tremblay',
    assignee: 'customer',
    minPacks: 1,
    startsOn: null,
    endsOn: null,
    ...over,
  };
}

const forYarn = entry({
  target: { kind: 'product', productId: 7 },
  rule: { kind: 'fixed', unitCents: 90 },
});
const brandOff = (basisPoints: number) =>
  entry({
    listId: 2,
    listName: 'Groupe Achat',
    assignee: 'group',
    target: { kind: 'brand', brand: 'Tremblay' },
    rule: { kind: 'percent_off', basisPoints },
  });

describe('priceFor', () => {
  it('is the catalogue price, selling or sale, when no entry applies', () => {
    expect(priceFor(yarn, [], 1, DAY)).toEqual({
      unitCents: 100,
      sellingCents: 100,
      reason: { kind: 'selling' },
      breaks: [],
    });
    expect(priceFor({ ...yarn, secondCents: 80 }, [], 1, DAY)).toMatchObject({
      unitCents: 80,
      reason: { kind: 'sale' },
    });
  });

  it('takes the most specific entry even when a wider one is cheaper', () => {
    const price = priceFor(yarn, [brandOff(2000), forYarn], 1, DAY);
    expect(price.unitCents).toBe(90);
    expect(price.reason).toEqual({
      kind: 'price_list',
      listId: 1,
      listName: 'Maison Tremblay',
      assignee: 'customer',
      minPacks: 1,
    });
  });

  it('ranks brand over category, deeper category over its parent, the customer over a group, then the lowest', () => {
    const top = entry({
      target: { kind: 'category', categoryId: 3 },
      rule: { kind: 'fixed', unitCents: 10 },
    });
    const sub = entry({
      target: { kind: 'category', categoryId: 12 },
      rule: { kind: 'fixed', unitCents: 50 },
    });
    expect(priceFor(yarn, [top, sub], 1, DAY).unitCents).toBe(50);
    expect(priceFor(yarn, [top, sub, brandOff(800)], 1, DAY).unitCents).toBe(92);
    const groupsCheaper = {
      ...forYarn,
      assignee: 'group' as const,
      rule: { kind: 'fixed' as const, unitCents: 60 },
    };
    expect(priceFor(yarn, [groupsCheaper, forYarn], 1, DAY).unitCents).toBe(90);
    const twoOwn = { ...forYarn, listId: 3, rule: { kind: 'fixed' as const, unitCents: 85 } };
    expect(priceFor(yarn, [forYarn, twoOwn], 1, DAY).unitCents).toBe(85);
  });

  it('never charges more than the catalogue price', () => {
    const dearer = { ...forYarn, rule: { kind: 'fixed' as const, unitCents: 150 } };
    expect(priceFor(yarn, [dearer], 1, DAY)).toMatchObject({
      unitCents: 100,
      reason: { kind: 'selling' },
    });
  });

  it('applies a volume break from its pack count and lists it', () => {
    const tenPacks = { ...forYarn, minPacks: 10, rule: { kind: 'fixed' as const, unitCents: 20 } };
    expect(priceFor(yarn, [tenPacks], 9, DAY).unitCents).toBe(100);
    const atTen = priceFor(yarn, [tenPacks], 10, DAY);
    expect(atTen.unitCents).toBe(20);
    expect(atTen.breaks).toEqual([{ minPacks: 10, unitCents: 20, reason: { ...atTen.reason } }]);
    expect(nextBreak(priceFor(yarn, [tenPacks], 8, DAY), 8)).toEqual({
      minPacks: 10,
      unitCents: 20,
      morePacks: 2,
    });
    expect(nextBreak(atTen, 10)).toBeNull();
  });

  it('does not let a specific entry from more packs undo a better price from fewer', () => {
    const tenPacksDearer = {
      ...forYarn,
      minPacks: 10,
      rule: { kind: 'fixed' as const, unitCents: 95 },
    };
    expect(priceFor(yarn, [brandOff(2000), tenPacksDearer], 10, DAY).unitCents).toBe(80);
  });

  it('leaves out entries before their first day and after their last', () => {
    const november = { ...forYarn, startsOn: '2026-11-01', endsOn: '2026-11-27' };
    expect(priceFor(yarn, [november], 1, DAY).unitCents).toBe(100);
    expect(priceFor(yarn, [november], 1, '2026-11-27').unitCents).toBe(90);
    expect(
      priceFor(yarn, [{ ...november, startsOn: '2026-11-29', endsOn: null }], 1, DAY).unitCents,
    ).toBe(100);
  });

  it('rounds a share off to the cent', () => {
    expect(ruleUnitCents({ kind: 'percent_off', basisPoints: 800 }, 137)).toBe(126);
    expect(ruleUnitCents({ kind: 'percent_off', basisPoints: 10_000 }, 137)).toBe(0);
  });
});

const days = ['2026-11-01', '2026-11-28', '2026-12-31'];
const arbEntry: fc.Arbitrary<PriceEntry> = fc.record({
  listId: fc.integer({ min: 1, max: 4 }),
  listName: fc.constantFrom('A', 'B', 'C'),
  assignee: fc.constantFrom('customer' as const, 'group' as const),
  target: fc.oneof(
    fc.record({ kind: fc.constant('product' as const), productId: fc.integer({ min: 6, max: 8 }) }),
    fc.record({ kind: fc.constant('brand' as const), brand: fc.constantFrom('Tremblay', 'Other') }),
    fc.record({ kind: fc.constant('category' as const), categoryId: fc.constantFrom(12, 3, 99) }),
  ),
  minPacks: fc.integer({ min: 1, max: 30 }),
  rule: fc.oneof(
    fc.record({ kind: fc.constant('fixed' as const), unitCents: fc.integer({ min: 0, max: 300 }) }),
    fc.record({
      kind: fc.constant('percent_off' as const),
      basisPoints: fc.integer({ min: 1, max: 10_000 }),
    }),
  ),
  startsOn: fc.option(fc.constantFrom(...days), { nil: null }),
  endsOn: fc.option(fc.constantFrom(...days), { nil: null }),
});
const arbProduct: fc.Arbitrary<PricedProduct> = fc.record({
  id: fc.integer({ min: 6, max: 8 }),
  brand: fc.option(fc.constantFrom('Tremblay', 'Other'), { nil: null }),
  categoryPath: fc.constantFrom([12, 3], [3], [99]),
  sellingCents: fc.integer({ min: 0, max: 300 }),
  secondCents: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
});
const arbCase = fc.record({
  product: arbProduct,
  entries: fc.array(arbEntry, { maxLength: 8 }),
  packs: fc.integer({ min: 1, max: 40 }),
  day: fc.constantFrom(...days),
});

describe('priceFor (properties)', () => {
  it('never charges more than the catalogue price, and charges it when no entry is in date', () => {
    fc.assert(
      fc.property(arbCase, ({ product, entries, packs, day }) => {
        const catalogue = priceFor(product, [], packs, day).unitCents;
        expect(priceFor(product, entries, packs, day).unitCents).toBeLessThanOrEqual(catalogue);
        const outOfDate = entries.map((e) => ({ ...e, startsOn: '2100-01-01', endsOn: null }));
        expect(priceFor(product, outOfDate, packs, day).unitCents).toBe(catalogue);
      }),
    );
  });

  it('never costs more a unit for more packs', () => {
    fc.assert(
      fc.property(
        arbCase,
        fc.integer({ min: 0, max: 40 }),
        ({ product, entries, packs, day }, more) => {
          expect(priceFor(product, entries, packs + more, day).unitCents).toBeLessThanOrEqual(
            priceFor(product, entries, packs, day).unitCents,
          );
        },
      ),
    );
  });

  it('lists breaks that are the prices at their pack counts, ascending and each lower', () => {
    fc.assert(
      fc.property(arbCase, ({ product, entries, packs, day }) => {
        const { breaks } = priceFor(product, entries, packs, day);
        let before = priceFor(product, entries, 1, day).unitCents;
        for (const b of breaks) {
          expect(b.unitCents).toBeLessThan(before);
          expect(priceFor(product, entries, b.minPacks, day).unitCents).toBe(b.unitCents);
          expect(priceFor(product, entries, b.minPacks - 1, day).unitCents).toBe(before);
          before = b.unitCents;
        }
        const next = nextBreak(priceFor(product, entries, packs, day), packs);
        if (next)
          expect(priceFor(product, entries, packs + next.morePacks, day).unitCents).toBe(
            next.unitCents,
          );
      }),
    );
  });

  it('does not depend on the order of the entries', () => {
    fc.assert(
      fc.property(arbCase, ({ product, entries, packs, day }) => {
        expect(priceFor(product, [...entries].reverse(), packs, day).unitCents).toBe(
          priceFor(product, entries, packs, day).unitCents,
        );
      }),
    );
  });
});

describe('priceListEntryInput', () => {
  it.each([
    [{ target: 'product', code: 'A1', kind: 'fixed' }, 'unit_cents'],
    [{ target: 'brand', code: 'B', kind: 'percent_off' }, 'basis_points'],
    [{ target: 'brand', code: 'B', kind: 'percent_off', basis_points: 20_000 }, 'basis_points'],
    [{ target: 'category', code: 'C', kind: 'fixed', unit_cents: 5, min_packs: 0 }, 'min_packs'],
    [
      {
        target: 'category',
        code: 'C',
        kind: 'fixed',
        unit_cents: 5,
        starts_on: '2026-12-02',
        ends_on: '2026-12-01',
      },
      'ends_on',
    ],
    [{ target: 'shelf', code: 'C', kind: 'fixed', unit_cents: 5 }, 'target'],
  ])('refuses %j naming %s', (body, field) => {
    const parsed = priceListEntryInput.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });

  it('takes a 10-pack break at a fixed price', () => {
    expect(
      priceListEntryInput.parse({
        target: 'product',
        code: 'A1',
        kind: 'fixed',
        unit_cents: 20,
        min_packs: 10,
      }),
    ).toMatchObject({ min_packs: 10, unit_cents: 20 });
  });
});
