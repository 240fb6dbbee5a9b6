import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceListComparison, priceListScenarios } from './price-lists.mjs';

const scenario = (name, group) => ({ name, group, path: '/api/health' });
const row = (name, rps, p99) => ({ name, rps, p99, p50: 1, errors: 0, hits: '–' });

describe('priceListScenarios', () => {
  it('measures each realistic scenario with lists, then without; every other scenario once, with lists', () => {
    const runs = priceListScenarios([
      scenario('details', 'realistic-catalogue'),
      scenario('cart add', 'cart'),
      scenario('search', 'realistic-search'),
    ]);
    expect(runs.map((s) => [s.name, s.priceLists])).toEqual([
      ['details — customers with price lists', true],
      ['details — same customers, lists off', false],
      ['cart add', true],
      ['search — customers with price lists', true],
      ['search — same customers, lists off', false],
    ]);
    expect(runs.every((s) => s.path === '/api/health')).toBe(true);
  });

  it('keeps every scenario and adds one run per realistic scenario', () => {
    const groups = fc.constantFrom('platform', 'catalogue', 'cart', 'orders', 'realistic-search');
    fc.assert(
      fc.property(fc.array(groups, { maxLength: 12 }), (gs) => {
        const selected = gs.map((g, i) => scenario(`s${i}`, g));
        const realistic = gs.filter((g) => g.startsWith('realistic')).length;
        expect(priceListScenarios(selected)).toHaveLength(selected.length + realistic);
      }),
    );
  });
});

describe('priceListComparison', () => {
  it('puts the two runs of a scenario side by side with the ratio of their throughputs', () => {
    const lines = priceListComparison([
      row('bare Node http (constant JSON)', 10000, 5),
      row('details — customers with price lists', 450, 40),
      row('details — same customers, lists off', 500, 30),
      row('cart add', 300, 20),
    ]);
    expect(lines.at(-1)).toBe('| details | 500 | 450 | 90.0 % | 30 | 40 |');
    expect(lines.filter((l) => l.startsWith('| ') && !l.startsWith('| Scenario'))).toHaveLength(1);
  });

  it('writes nothing when no scenario ran both ways', () => {
    expect(priceListComparison([row('cart add', 300, 20)])).toEqual([]);
    expect(priceListComparison([row('details — customers with price lists', 1, 1)])).toEqual([]);
  });

  it('says – for a ratio over a run without answers', () => {
    const lines = priceListComparison([
      row('x — customers with price lists', 10, 1),
      row('x — same customers, lists off', 0, 1),
    ]);
    expect(lines.at(-1)).toBe('| x | 0 | 10 | – | 1 | 1 |');
  });
});
