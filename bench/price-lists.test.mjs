import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceListComparison, priceListScenarios } from './price-lists.mjs';

const scenario = (name, group) => ({ name, group, path: '/api/health' });
const row = (name, rps, p99) => ({ name, rps, p99, p50: 1, errors: 0, hits: '–' });
/** A compared scenario's four passes as rows, in the order they run: with, without, without, with. */
const fourPasses = (name, { rps, p99 }) =>
  [
    `${name} — customers with price lists (1 of 2)`,
    `${name} — same customers, lists off (1 of 2)`,
    `${name} — same customers, lists off (2 of 2)`,
    `${name} — customers with price lists (2 of 2)`,
  ].map((pass, i) => row(pass, rps[i], p99[i]));

describe('priceListScenarios', () => {
  it('measures each realistic and cart scenario with lists, without, without, with, in halves; every other scenario once, with lists', () => {
    const runs = priceListScenarios([
      scenario('details', 'realistic-catalogue'),
      scenario('cart add', 'cart'),
      scenario('10-line order', 'orders'),
    ]);
    expect(runs.map((s) => [s.name, s.priceLists, s.durationShare, s.warmUpSeconds])).toEqual([
      // The first pass warms up longer: it is the server's first contact with the priced answers.
      ['details — customers with price lists (1 of 2)', true, 0.5, 12],
      ['details — same customers, lists off (1 of 2)', false, 0.5, undefined],
      ['details — same customers, lists off (2 of 2)', false, 0.5, undefined],
      ['details — customers with price lists (2 of 2)', true, 0.5, undefined],
      ['cart add — customers with price lists (1 of 2)', true, 0.5, 12],
      ['cart add — same customers, lists off (1 of 2)', false, 0.5, undefined],
      ['cart add — same customers, lists off (2 of 2)', false, 0.5, undefined],
      ['cart add — customers with price lists (2 of 2)', true, 0.5, undefined],
      ['10-line order', true, undefined, undefined],
    ]);
    expect(runs.every((s) => s.path === '/api/health')).toBe(true);
  });

  it('keeps every scenario and measures a realistic or cart one four times, for the same time in all', () => {
    const groups = fc.constantFrom('platform', 'catalogue', 'cart', 'orders', 'realistic-search');
    fc.assert(
      fc.property(fc.array(groups, { maxLength: 12 }), (gs) => {
        const selected = gs.map((g, i) => scenario(`s${i}`, g));
        const compared = gs.filter((g) => g.startsWith('realistic') || g === 'cart').length;
        const runs = priceListScenarios(selected);
        expect(runs).toHaveLength(selected.length + 3 * compared);
        const time = runs.reduce((sum, s) => sum + (s.durationShare ?? 1), 0);
        expect(time).toBe(selected.length + compared);
      }),
    );
  });
});

describe('priceListComparison', () => {
  it('puts the two sides of a scenario side by side: the mean throughput of their halves, the worse p99', () => {
    const lines = priceListComparison([
      row('bare Node http (constant JSON)', 10000, 5),
      ...fourPasses('details', { rps: [400, 520, 480, 500], p99: [40, 30, 35, 38] }),
      row('10-line order', 300, 20),
    ]);
    expect(lines.at(-1)).toBe('| details | 500 | 450 | 90.0 % | 35 | 40 |');
    expect(lines.filter((l) => l.startsWith('| ') && !l.startsWith('| Scenario'))).toHaveLength(1);
  });

  it('writes nothing when no scenario ran both ways', () => {
    expect(priceListComparison([row('10-line order', 300, 20)])).toEqual([]);
    expect(
      priceListComparison([
        row('details — customers with price lists (1 of 2)', 1, 1),
        row('details — same customers, lists off (1 of 2)', 1, 1),
        row('details — customers with price lists (2 of 2)', 1, 1),
      ]),
    ).toEqual([]);
  });

  it('says – for a ratio over a run without answers', () => {
    const lines = priceListComparison(fourPasses('x', { rps: [10, 0, 0, 10], p99: [1, 1, 1, 1] }));
    expect(lines.at(-1)).toBe('| x | 0 | 10 | – | 1 | 1 |');
  });
});
