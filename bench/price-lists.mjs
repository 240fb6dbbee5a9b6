// `npm run bench -- --price-lists` (bench/run.mjs): the realistic scenarios measured twice in the
// same run, as the bench customers with their price lists on and with every bench list off (the same
// customers then have none), and the comparison written beside the scenario table.
import { fmt } from './lib.mjs';

const WITH = 'customers with price lists';
const WITHOUT = 'same customers, lists off';

/** Realistic scenarios (groups `realistic…`) are the ones compared with and without lists. */
const compared = (scenario) => scenario.group.startsWith('realistic');

/**
 * The scenarios of a `--price-lists` run, each with `priceLists` (whether the bench lists are on
 * while it runs): a realistic scenario twice in a row, with lists first (what it leaves in the shared
 * caches can only help the run after it, the one without), then without; every other scenario once,
 * with lists (the cart and order scenarios price their lines for customers with lists).
 */
export function priceListScenarios(selected) {
  return selected.flatMap((scenario) =>
    compared(scenario)
      ? [
          { ...scenario, name: `${scenario.name} — ${WITH}`, priceLists: true },
          { ...scenario, name: `${scenario.name} — ${WITHOUT}`, priceLists: false },
        ]
      : [{ ...scenario, priceLists: true }],
  );
}

/**
 * The comparison table of a run's rows (as bench/run.mjs summarises them): one line per scenario
 * measured both ways, its throughput with lists as a share of the one without (target ≥ 80 %).
 * Answers no line when no scenario was measured both ways.
 */
export function priceListComparison(results) {
  const pairs = results
    .filter((r) => r.name.endsWith(` — ${WITH}`))
    .map((withLists) => {
      const name = withLists.name.slice(0, -` — ${WITH}`.length);
      return { name, withLists, without: results.find((r) => r.name === `${name} — ${WITHOUT}`) };
    })
    .filter((p) => p.without);
  if (!pairs.length) return [];
  return [
    '',
    'Customer prices: each realistic scenario as the bench customers with their price lists, then as the same customers with every bench list switched off (no list), in this run. Target: with lists ≥ 80 % of the throughput without.',
    '',
    '| Scenario | req/s without lists | req/s with lists | with / without | p99 ms without | p99 ms with |',
    '|---|---:|---:|---:|---:|---:|',
    ...pairs.map(
      ({ name, withLists, without }) =>
        `| ${name} | ${fmt(without.rps)} | ${fmt(withLists.rps)} | ${without.rps > 0 ? `${fmt((100 * withLists.rps) / without.rps, 1)} %` : '–'} | ${without.p99} | ${withLists.p99} |`,
    ),
  ];
}

/** Turns the bench's price lists on or off (the API drops what it kept of their customers). */
export async function setBenchListsActive(ctx, active) {
  await ctx.query(
    `update price_lists set active = $1 where name like 'Bench list %' and active <> $1`,
    [active],
  );
}
