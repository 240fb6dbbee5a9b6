/**
 * Reading one row of a price list file (docs/product/pricing.md "Importing and exporting a list"):
 * each cell answers its value or an English refusal naming its column, which the catalogue import's
 * translations (imports/error-messages.ts) say in French and Spanish. Whether the SKU, brand or
 * category exists is the API's question; this is the shape of the row alone.
 */
import { isCalendarDate } from '../common/dates';
import { readMoneyCents, readWholeNumber } from '../imports/cells';
import { unsafeCells } from '../imports/error-messages';
import type { PriceFileColumn } from './admin';
import { MAX_BREAK_PACKS, PRICE_TARGET_KINDS, type PriceListEntryInput } from './lists';

export type PriceRowRefusal = { column: PriceFileColumn; value: string; message: string };
export type PriceRowResult =
  { ok: true; entry: PriceListEntryInput } | { ok: false; refusals: PriceRowRefusal[] };

type Cells = Partial<Record<PriceFileColumn, string>>;

/** "12.5" (or "12,5", "12.5 %") as basis points (1250); null when it is not 0.01 to 100. */
export function readPercentBasisPoints(cell: string): number | null {
  const text = cell.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const basisPoints = Math.round(Number(text) * 100);
  return basisPoints >= 1 && basisPoints <= 10_000 ? basisPoints : null;
}

/** Basis points as the file writes them: 1250 → "12.5", 800 → "8". */
export const percentText = (basisPoints: number): string => String(basisPoints / 100);

/** Cents as the file writes them: 1250 → "12.50". */
export const dollarsText = (cents: number): string => (cents / 100).toFixed(2);

/** A row of cells (by column) as an entry, or every refusal it earns. */
export function readPriceRow(cells: Cells): PriceRowResult {
  // A NUL or a text-direction control refuses its cell, as on every other path.
  const unsafe = unsafeCells(
    Object.entries(cells).map(([column, cell]) => [column as PriceFileColumn, cell ?? ''] as const),
  );
  if (unsafe.length > 0) return { ok: false, refusals: unsafe };
  const refusals: PriceRowRefusal[] = [];
  const refuse = (column: PriceFileColumn, message: string) =>
    refusals.push({ column, value: cells[column] ?? '', message });
  const text = (column: PriceFileColumn) => (cells[column] ?? '').trim();

  const target = text('target').toLowerCase();
  if (!(PRICE_TARGET_KINDS as readonly string[]).includes(target))
    refuse('target', 'target must be product, brand or category');
  const code = text('code');
  if (!code) refuse('code', 'code is required');
  else if (code.length > 120) refuse('code', 'code must be at most 120 characters');

  let minPacks = 1;
  if (text('min_packs')) {
    const packs = readWholeNumber(text('min_packs'), 1);
    if (!packs.ok) refuse('min_packs', `min_packs ${packs.message}`);
    else if (packs.value > MAX_BREAK_PACKS)
      refuse('min_packs', `min_packs must be at most ${MAX_BREAK_PACKS}`);
    else minPacks = packs.value;
  }

  const fixed = text('fixed_price');
  const percent = text('percent_off');
  let rule: Pick<PriceListEntryInput, 'kind' | 'unit_cents' | 'basis_points'> | null = null;
  if (Boolean(fixed) === Boolean(percent)) {
    refuse(fixed ? 'percent_off' : 'fixed_price', 'give one of fixed_price and percent_off');
  } else if (fixed) {
    const cents = readMoneyCents(fixed);
    if (!cents.ok) refuse('fixed_price', `fixed_price ${cents.message}`);
    else rule = { kind: 'fixed', unit_cents: cents.value };
  } else {
    const basisPoints = readPercentBasisPoints(percent);
    if (basisPoints === null)
      refuse('percent_off', 'percent_off must be a percentage from 0.01 to 100');
    else rule = { kind: 'percent_off', basis_points: basisPoints };
  }

  const day = (column: 'starts_on' | 'ends_on') => {
    const value = text(column);
    if (!value) return undefined;
    if (isCalendarDate(value)) return value;
    refuse(column, `${column} must be a real date written YYYY-MM-DD`);
    return undefined;
  };
  const startsOn = day('starts_on');
  const endsOn = day('ends_on');
  if (startsOn && endsOn && endsOn < startsOn)
    refuse('ends_on', 'ends_on must not be before starts_on');

  if (refusals.length > 0 || !rule) return { ok: false, refusals };
  return {
    ok: true,
    entry: {
      target: target as PriceListEntryInput['target'],
      code,
      min_packs: minPacks,
      ...rule,
      starts_on: startsOn,
      ends_on: endsOn,
    },
  };
}
