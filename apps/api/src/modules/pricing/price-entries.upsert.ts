import { sql } from 'drizzle-orm';
import type {
  ErrorReasonKey,
  PriceImportChange,
  PriceListEntryInput,
  PriceFileColumn,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { nullableArray } from '../../db/array-params';
import { brandNamesByKey, categoryIdsByCode, productIdsBySku } from './price-lists.queries';

/*
 * Many entries at once (a file import, the ERP's upsert), set-based: targets are looked up in three
 * statements, the entries compared with the list's in one, and written in one INSERT … ON CONFLICT
 * over arrays (docs/product/pricing.md "Importing and exporting a list"; 100,000 entries in a few
 * seconds on PostgreSQL). An entry is known by its list, target, min_packs and starts_on: the unique
 * index of migration 0040, so a second import of the same file changes nothing.
 */

/** One entry to write, and where it came from (a file's row number, the ERP's array index). */
export type EntryCandidate = { row: number; entry: PriceListEntryInput };

/** An entry whose target was found: the columns it is written with. */
export type ResolvedEntry = {
  row: number;
  target: PriceListEntryInput['target'];
  code: string;
  productId: number | null;
  brand: string | null;
  categoryId: number | null;
  minPacks: number;
  kind: PriceListEntryInput['kind'];
  unitCents: number | null;
  basisPoints: number | null;
  startsOn: string | null;
  endsOn: string | null;
};

/**
 * Why an entry cannot be written: the file's English sentence (translated by the import's
 * patterns) and the reason the API answers one entry with.
 */
export type EntryRefusal = {
  row: number;
  column: PriceFileColumn;
  value: string;
  message: string;
  reason: { key: ErrorReasonKey; params: Record<string, string | number> };
};

const UNKNOWN: Record<
  PriceListEntryInput['target'],
  { key: ErrorReasonKey; message: (code: string) => string }
> = {
  product: { key: 'PRICE_SKU_UNKNOWN', message: (c) => `sku ${c} is not a product of this store` },
  brand: {
    key: 'PRICE_BRAND_UNKNOWN',
    message: (c) => `brand ${c} is not a known brand name or code`,
  },
  category: {
    key: 'PRICE_CATEGORY_UNKNOWN',
    message: (c) => `category ${c} is not a known category code`,
  },
};

/** The key the unique index knows an entry by. */
const entryKey = (e: ResolvedEntry) =>
  `${e.productId ?? ''}|${e.brand ?? ''}|${e.categoryId ?? ''}|${e.minPacks}|${e.startsOn ?? ''}`;

/**
 * Finds each entry's product (SKU), brand (name or code) or category (cat_code); an unknown one,
 * or an entry repeating an earlier one's key, is refused naming `code`.
 */
export async function resolveTargets(
  tx: Tx,
  candidates: EntryCandidate[],
): Promise<{ resolved: ResolvedEntry[]; refusals: EntryRefusal[] }> {
  const skus = [
    ...new Set(candidates.filter((c) => c.entry.target === 'product').map((c) => c.entry.code)),
  ];
  const needs = (target: string) => candidates.some((c) => c.entry.target === target);
  const [products, brands, categories] = await Promise.all([
    productIdsBySku(tx, skus),
    needs('brand') ? brandNamesByKey(tx) : new Map<string, string>(),
    needs('category') ? categoryIdsByCode(tx) : new Map<string, number>(),
  ]);
  const resolved: ResolvedEntry[] = [];
  const refusals: EntryRefusal[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, entry } of candidates) {
    const code = entry.code.trim();
    const productId = entry.target === 'product' ? (products.get(code) ?? null) : null;
    const brand = entry.target === 'brand' ? (brands.get(code.toUpperCase()) ?? null) : null;
    const categoryId =
      entry.target === 'category' ? (categories.get(code.toUpperCase()) ?? null) : null;
    if (productId === null && brand === null && categoryId === null) {
      const unknown = UNKNOWN[entry.target];
      refusals.push({
        row,
        column: 'code',
        value: code,
        message: unknown.message(code),
        reason: { key: unknown.key, params: { code } },
      });
      continue;
    }
    const found: ResolvedEntry = {
      row,
      target: entry.target,
      code,
      productId,
      brand,
      categoryId,
      minPacks: entry.min_packs,
      kind: entry.kind,
      unitCents: entry.kind === 'fixed' ? (entry.unit_cents ?? 0) : null,
      basisPoints: entry.kind === 'percent_off' ? (entry.basis_points ?? null) : null,
      startsOn: entry.starts_on ?? null,
      endsOn: entry.ends_on ?? null,
    };
    const key = entryKey(found);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      refusals.push({
        row,
        column: 'code',
        value: code,
        message: `the same entry already appears on row ${first}`,
        reason: {
          key: 'PRICE_ENTRY_TAKEN',
          params: { code, packs: found.minPacks },
        },
      });
      continue;
    }
    firstRowOf.set(key, row);
    resolved.push(found);
  }
  return { resolved, refusals };
}

/**
 * The entries as rows `s` of one unnest(...) over arrays, each column bound as ONE parameter; `s.i`
 * is the entry's index in `entries`.
 */
function staged(entries: ResolvedEntry[]) {
  const column = (pick: (e: ResolvedEntry, index: number) => string | number | null) =>
    nullableArray(entries.map(pick));
  return sql`unnest(${column((_, index) => index)}::int[],
      ${column((e) => e.productId)}::int[], ${column((e) => e.brand)}::text[],
      ${column((e) => e.categoryId)}::int[], ${column((e) => e.minPacks)}::int[],
      ${column((e) => e.kind)}::text[], ${column((e) => e.unitCents)}::int[],
      ${column((e) => e.basisPoints)}::int[], ${column((e) => e.startsOn)}::date[],
      ${column((e) => e.endsOn)}::date[])
    AS s(i, product_id, brand, category_id, min_packs, kind, unit_cents, basis_points, starts_on, ends_on)`;
}

/** The join of staged rows `s` to the list's entries `e` on the unique key (hashable equalities). */
const SAME_KEY = sql`coalesce(e.product_id, 0) = coalesce(s.product_id, 0)
  AND coalesce(e.brand, '') = coalesce(s.brand, '')
  AND coalesce(e.category_id, 0) = coalesce(s.category_id, 0)
  AND e.min_packs = s.min_packs
  AND coalesce(e.starts_on, '-infinity'::date) = coalesce(s.starts_on, '-infinity'::date)`;

const DIFFERS = sql`(e.kind, e.unit_cents, e.basis_points, e.ends_on)
  IS DISTINCT FROM (s.kind, s.unit_cents, s.basis_points, s.ends_on)`;

/** Which of `entries` the list lacks (create) and which it holds with another price or end (change). */
export async function classifyEntries(
  tx: Tx,
  listId: number,
  entries: ResolvedEntry[],
): Promise<Map<number, 'create' | 'change'>> {
  if (entries.length === 0) return new Map();
  const { rows } = await tx.execute<{ i: number; created: boolean }>(sql`
    SELECT s.i, e.id IS NULL AS created
    FROM ${staged(entries)}
    LEFT JOIN price_list_entries e ON e.list_id = ${listId} AND ${SAME_KEY}
    WHERE e.id IS NULL OR ${DIFFERS}`);
  return new Map(rows.map((r) => [r.i, r.created ? 'create' : 'change']));
}

/** Creates or updates `entries` in the list (one statement); answers how many rows it wrote. */
export async function writeEntries(
  tx: Tx,
  listId: number,
  entries: ResolvedEntry[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO price_list_entries AS e
      (list_id, product_id, brand, category_id, min_packs, kind, unit_cents, basis_points, starts_on, ends_on)
    SELECT ${listId}, s.product_id, s.brand, s.category_id, s.min_packs, s.kind, s.unit_cents,
      s.basis_points, s.starts_on, s.ends_on
    FROM ${staged(entries)}
    ON CONFLICT (list_id, product_id, brand, category_id, min_packs, starts_on) DO UPDATE
      SET kind = excluded.kind, unit_cents = excluded.unit_cents,
        basis_points = excluded.basis_points, ends_on = excluded.ends_on, updated_at = now()
      WHERE (e.kind, e.unit_cents, e.basis_points, e.ends_on)
        IS DISTINCT FROM (excluded.kind, excluded.unit_cents, excluded.basis_points, excluded.ends_on)
    RETURNING e.id`);
  return rows.length;
}

/**
 * The list's entries that `keep` does not name: removed, or (dry run) counted. What a full upload
 * with "replace" leaves out is gone after it.
 */
export async function removeEntriesNotIn(
  tx: Tx,
  listId: number,
  keep: ResolvedEntry[],
  dryRun: boolean,
): Promise<number> {
  const others = sql`e.list_id = ${listId} AND NOT EXISTS (SELECT 1 FROM ${staged(keep)} WHERE ${SAME_KEY})`;
  const { rows } = dryRun
    ? await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM price_list_entries e WHERE ${others}`,
      )
    : await tx.execute<{ n: number }>(sql`WITH gone AS (
          DELETE FROM price_list_entries e WHERE ${others} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`);
  return rows[0]?.n ?? 0;
}

export type UpsertOutcome = {
  created: number;
  changed: number;
  unchanged: number;
  removed: number;
  refusals: EntryRefusal[];
  /** Every created or changed entry, in row order (the screen shows the first ones). */
  changes: PriceImportChange[];
};

/**
 * Writes `candidates` into the list (the caller holds the list's row lock): refused ones are left
 * out, the others created or changed by their key; with `replace` and no refusal, the list's other
 * entries go.
 * A dry run answers the same counts and writes nothing.
 */
export async function upsertEntries(
  tx: Tx,
  listId: number,
  candidates: EntryCandidate[],
  options: { dryRun: boolean; replace: boolean },
): Promise<UpsertOutcome> {
  const { resolved, refusals } = await resolveTargets(tx, candidates);
  const actions = await classifyEntries(tx, listId, resolved);
  const toWrite: ResolvedEntry[] = [];
  const changes: PriceImportChange[] = [];
  let created = 0;
  resolved.forEach((entry, index) => {
    const action = actions.get(index);
    if (!action) return;
    if (action === 'create') created += 1;
    toWrite.push(entry);
    changes.push({
      row: entry.row,
      action,
      target: entry.target,
      code: entry.code,
      min_packs: entry.minPacks,
      starts_on: entry.startsOn,
    });
  });
  // NOTE: a refused row may be an entry the caller meant to keep (a typo in its code): with any
  // refusal, nothing is removed, so "replace" never empties a list by accident.
  const removed =
    options.replace && refusals.length === 0
      ? await removeEntriesNotIn(tx, listId, resolved, options.dryRun)
      : 0;
  if (!options.dryRun) await writeEntries(tx, listId, toWrite);
  return {
    created,
    changed: toWrite.length - created,
    unchanged: resolved.length - toWrite.length,
    removed,
    refusals,
    changes,
  };
}
