// `npm run bench -- --price-lists` (bench/run.mjs): the realistic scenarios measured both ways in
// the same run, as the bench customers with their price lists on and with every bench list off (the
// same customers then have none), and the comparison written beside the scenario table.
import { fmt } from './lib.mjs';

const WITH = 'customers with price lists';
const WITHOUT = 'same customers, lists off';

/**
 * Realistic scenarios (groups `realistic…`) and the cart's (its read and its add) are the ones
 * compared with and without lists: the add's target is its own p99 with lists, and the same run's
 * figure without lists says how much of it is the lists' and how much the machine's.
 */
const compared = (scenario) => scenario.group.startsWith('realistic') || scenario.group === 'cart';

/**
 * The order of a compared scenario's passes: with lists, without, without, with (A B B A), each
 * half the scenario's duration. Whatever drifts along a run (caches filling with the long tail's
 * cards, the machine's other load) falls on both sides alike; with one pass each, the second
 * pass always found the caches the first had filled. NOTE: the first pass warms up for 12 s, not
 * 3: it was the server's first contact with the scenario's priced answers, and after 3 s it still
 * ran about a fifth slower than the last pass with lists (details, 2026-11-29: 3,329 and 3,334
 * against 4,294 and 3,910 req/s in two runs, the two passes without lists within 1-10 %); after
 * 12 s the two passes with lists agreed within 3 %.
 */
export const FIRST_PASS_WARM_UP_SECONDS = 12;
const PASSES = [
  { lists: true, half: 1, warmUpSeconds: FIRST_PASS_WARM_UP_SECONDS },
  { lists: false, half: 1 },
  { lists: false, half: 2 },
  { lists: true, half: 2 },
];

const passName = (name, lists, half) => `${name} — ${lists ? WITH : WITHOUT} (${half} of 2)`;

/**
 * The scenarios of a `--price-lists` run, each with `priceLists` (whether the bench lists are on
 * while it runs): a compared scenario four times in a row (PASSES), each with `durationShare` 0.5;
 * every other scenario once, with lists (the order scenario prices its lines for customers with
 * lists).
 */
export function priceListScenarios(selected) {
  return selected.flatMap((scenario) =>
    compared(scenario)
      ? PASSES.map(({ lists, half, warmUpSeconds }) => ({
          ...scenario,
          name: passName(scenario.name, lists, half),
          priceLists: lists,
          durationShare: 0.5,
          ...(warmUpSeconds ? { warmUpSeconds } : {}),
        }))
      : [{ ...scenario, priceLists: true }],
  );
}

/** Two halves of equal duration as one: throughput their mean, p99 the worse of the two. */
function bothHalves(results, name, lists) {
  const halves = [1, 2].map((half) => results.find((r) => r.name === passName(name, lists, half)));
  if (halves.some((h) => !h)) return undefined;
  return {
    rps: (halves[0].rps + halves[1].rps) / 2,
    p99: Math.max(halves[0].p99, halves[1].p99),
  };
}

/**
 * The comparison table of a run's rows (as bench/run.mjs summarises them): one line per scenario
 * measured both ways, its throughput with lists as a share of the one without (target ≥ 80 %).
 * Answers no line when no scenario was measured both ways.
 */
export function priceListComparison(results) {
  const suffix = ` — ${WITH} (1 of 2)`;
  const pairs = results
    .filter((r) => r.name.endsWith(suffix))
    .map((r) => r.name.slice(0, -suffix.length))
    .map((name) => ({
      name,
      withLists: bothHalves(results, name, true),
      without: bothHalves(results, name, false),
    }))
    .filter((p) => p.withLists && p.without);
  if (!pairs.length) return [];
  return [
    '',
    "Customer prices: each realistic scenario, and the cart's read and add, as the bench customers with their price lists and as the same customers with every bench list switched off (no list), in this run, in four half-length passes: with, without, without, with. Throughput is the mean of a side's two passes, p99 the worse of them. Targets: a realistic scenario with lists ≥ 80 % of the throughput without; the add's p99 with lists ≤ 30 ms.",
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
