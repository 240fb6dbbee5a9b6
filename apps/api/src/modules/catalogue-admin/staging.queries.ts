import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/*
 * Set-based catalogue writes shared by the file import and the stock/price feed
 * (docs/decisions/017-catalogue-import.md). A batch of rows goes into a temporary staging table in
 * ONE statement (the rows travel as one JSON parameter, read as json rather than jsonb, which would
 * build a binary copy first: this works the same on PostgreSQL and on PGlite), then a handful of
 * INSERT … SELECT / UPDATE … FROM statements compare it with the catalogue and write only what
 * differs. The statement-level triggers of migration 0008 then send one change
 * notification per statement, not one per row.
 *
 * A null staging value means "leave as is", except for `barcode` and `brand` when their column was
 * sent (null clears them) and the second selling price when `sale_set_*` is true (null = none).
 */

/** One row of the staging table; undefined fields go in as null. */
export type StagedRow = {
  row_no: number;
  sku: string;
  barcode?: string | null;
  category_id?: number | null;
  brand?: string | null;
  class_code?: string | null;
  ship_pack?: number | null;
  active?: boolean | null;
  name_en?: string | null;
  name_fr?: string | null;
  name_es?: string | null;
  desc_en?: string | null;
  desc_fr?: string | null;
  desc_es?: string | null;
  price_ca?: number | null;
  sale_set_ca?: boolean;
  sale_ca?: number | null;
  retail_ca?: number | null;
  stock_ca?: number | null;
  price_us?: number | null;
  sale_set_us?: boolean;
  sale_us?: number | null;
  retail_us?: number | null;
  stock_us?: number | null;
};

/** Whether the file sent a barcode / brand column (their empty cell clears the field). */
export type StagingOptions = { barcodeSent: boolean; brandSent: boolean };

const STAGING_COLUMNS = `row_no int, sku text, barcode text, category_id int, brand text,
  class_code text, ship_pack int, active boolean, name_en text, name_fr text, name_es text,
  desc_en text, desc_fr text, desc_es text,
  price_ca int, sale_set_ca boolean, sale_ca int, retail_ca int, stock_ca int,
  price_us int, sale_set_us boolean, sale_us int, retail_us int, stock_us int`;

/** Rows for `stageRows`, serialised beforehand (the import does it outside its transaction). */
export const stagedJson = (rows: StagedRow[]): string => JSON.stringify(rows);

/**
 * Fills the staging table, with each row's product id (`pid`, null for a new SKU) looked up once by
 * its SKU, so every later statement joins the catalogue by primary key. `rows` may come as
 * `stagedJson(rows)`.
 *
 * NOTE: the table is created once per connection and emptied at every commit (ON COMMIT DELETE
 * ROWS): creating and dropping it in every batch's transaction cost catalogue writes each time. The
 * DELETE in the same statement covers a second call in one transaction.
 *
 * NOTE: JIT is turned off for the transaction: the planner cannot know how small the staging table
 * is, its cost estimates for a 1,000-row batch passed jit_above_cost, and compiling each diff took
 * about 0.5 s (EXPLAIN ANALYZE: "JIT … Total 523 ms") for a query that runs in about 50 ms.
 *
 * `asyncCommit` commits the transaction without waiting for its WAL to reach the disk
 * (synchronous_commit off, for this transaction only): for the import's batches, whose progress
 * commits with them, so a server crash that loses the last batches resumes before them, and the
 * job's end, committed synchronously, flushes them all. Never for a write someone is answered about.
 *
 * `deferSearchDocuments` queues the search documents of the products the transaction writes instead
 * of building them in it (migration 0023): the import's worker builds them beside its batches.
 */
export async function stageRows(
  tx: Tx,
  rows: StagedRow[] | string,
  options: { asyncCommit?: boolean; deferSearchDocuments?: boolean } = {},
): Promise<void> {
  const settings = [
    "set_config('jit', 'off', true)",
    ...(options.asyncCommit ? ["set_config('synchronous_commit', 'off', true)"] : []),
    ...(options.deferSearchDocuments
      ? ["set_config('ws.search_documents', 'deferred', true)"]
      : []),
  ];
  await tx.execute(sql.raw(`SELECT ${settings.join(', ')}`));
  await tx.execute(
    sql.raw(
      `CREATE TEMP TABLE IF NOT EXISTS import_staging (${STAGING_COLUMNS}, pid int) ON COMMIT DELETE ROWS`,
    ),
  );
  const json = typeof rows === 'string' ? rows : stagedJson(rows);
  await tx.execute(
    sql`WITH emptied AS (DELETE FROM import_staging)
      INSERT INTO import_staging
      SELECT x.*, (SELECT p.id FROM products p WHERE p.product_id = x.sku)
      FROM json_to_recordset(${json}::json) AS x(${sql.raw(STAGING_COLUMNS)})`,
  );
}

/**
 * Puts real category ids in place of the placeholders (negative ids) of categories an import
 * created in this transaction or an earlier one (import.structure.ts).
 */
export async function resolveStagedCategories(tx: Tx, ids: Map<number, number>): Promise<void> {
  const pairs = JSON.stringify([...ids].map(([placeholder, id]) => ({ placeholder, id })));
  await tx.execute(
    sql`UPDATE import_staging s SET category_id = v.id
      FROM json_to_recordset(${pairs}::json) AS v(placeholder int, id int)
      WHERE s.category_id = v.placeholder`,
  );
}

/** Removes rows found invalid against the catalogue before anything is written. */
export async function unstageRows(tx: Tx, rowNumbers: number[]): Promise<void> {
  if (rowNumbers.length === 0) return;
  await tx.execute(
    sql`DELETE FROM import_staging WHERE row_no IN (SELECT jsonb_array_elements_text(${JSON.stringify(rowNumbers)}::jsonb)::int)`,
  );
}

const productChanged = (o: StagingOptions) => `(
  ${o.barcodeSent ? 's.barcode IS DISTINCT FROM p.barcode OR' : ''}
  ${o.brandSent ? 's.brand IS DISTINCT FROM p.brand OR' : ''}
  (s.category_id IS NOT NULL AND s.category_id <> p.category_id) OR
  (s.class_code IS NOT NULL AND s.class_code <> p.class_code) OR
  (s.ship_pack IS NOT NULL AND s.ship_pack <> p.ship_pack) OR
  (s.active IS NOT NULL AND s.active <> p.active))`;

const pricesChanged = (c: 'ca' | 'us') => `(
  (s.price_${c} IS NOT NULL AND s.price_${c} <> pp.selling_price_cents) OR
  (s.retail_${c} IS NOT NULL AND s.retail_${c} <> pp.retail_price_cents) OR
  (s.sale_set_${c} AND s.sale_${c} IS DISTINCT FROM pp.selling_price_2_cents))`;

const textChanged = (l: 'en' | 'fr' | 'es') => `(
  (s.name_${l} IS NOT NULL AND s.name_${l} IS DISTINCT FROM t_${l}.name) OR
  (s.desc_${l} IS NOT NULL AND (t_${l}.product_id IS NOT NULL OR s.name_${l} IS NOT NULL)
    AND s.desc_${l} IS DISTINCT FROM coalesce(t_${l}.description, '')))`;

/** What each staged row would change, compared with the catalogue (nothing is written). */
export type RowDiff = {
  row_no: number;
  is_new: boolean;
  product_changed: boolean;
  deactivating: boolean;
  texts_changed: boolean;
  ca_price_created: boolean;
  ca_prices_changed: boolean;
  ca_stock_changed: boolean;
  ca_needs_price: boolean;
  us_price_created: boolean;
  us_prices_changed: boolean;
  us_stock_changed: boolean;
  us_needs_price: boolean;
  new_lacks: string | null;
};

const countryDiff = (c: 'ca' | 'us') => `
  (pp_${c}.product_id IS NULL AND s.price_${c} IS NOT NULL) AS ${c}_price_created,
  (pp_${c}.product_id IS NOT NULL AND ${pricesChanged(c).replaceAll('pp.', `pp_${c}.`)}) AS ${c}_prices_changed,
  (s.stock_${c} IS NOT NULL AND ((pp_${c}.product_id IS NOT NULL AND s.stock_${c} <> pp_${c}.available)
    OR (pp_${c}.product_id IS NULL AND s.price_${c} IS NOT NULL AND s.stock_${c} <> 0))) AS ${c}_stock_changed,
  (pp_${c}.product_id IS NULL AND s.price_${c} IS NULL
    AND (s.stock_${c} IS NOT NULL OR s.retail_${c} IS NOT NULL OR (s.sale_set_${c} AND s.sale_${c} IS NOT NULL))) AS ${c}_needs_price`;

/**
 * A row of `table` found by its key for each staged row. NOTE: OFFSET 0 keeps the planner from
 * turning the lookup into a hash join, which read the whole table (300,000 translations) for a batch
 * of 1,000 rows, since it cannot know how small the staging table is.
 */
const byKey = (table: string, on: string) => {
  const alias = table.split(' ')[1];
  return `LEFT JOIN LATERAL (SELECT * FROM ${table} WHERE ${on} OFFSET 0) ${alias} ON true`;
};

export async function diffStagedRows(tx: Tx, o: StagingOptions): Promise<RowDiff[]> {
  const query = `
    SELECT s.row_no, p.id IS NULL AS is_new,
      (p.id IS NOT NULL AND ${productChanged(o)}) AS product_changed,
      (p.id IS NOT NULL AND p.active AND s.active = false) AS deactivating,
      (${textChanged('en')} OR ${textChanged('fr')} OR ${textChanged('es')}) AS texts_changed,
      ${countryDiff('ca')},
      ${countryDiff('us')},
      CASE WHEN p.id IS NULL THEN
        CASE WHEN s.category_id IS NULL THEN 'category'
             WHEN s.class_code IS NULL THEN 'class'
             WHEN s.name_en IS NULL THEN 'name_en' END
      END AS new_lacks
    FROM import_staging s
    ${byKey('products p', 'p.id = s.pid')}
    ${byKey('product_translations t_en', "t_en.product_id = s.pid AND t_en.lang = 'en'")}
    ${byKey('product_translations t_fr', "t_fr.product_id = s.pid AND t_fr.lang = 'fr'")}
    ${byKey('product_translations t_es', "t_es.product_id = s.pid AND t_es.lang = 'es'")}
    ${byKey('product_prices pp_ca', "pp_ca.product_id = s.pid AND pp_ca.country = 'ca'")}
    ${byKey('product_prices pp_us', "pp_us.product_id = s.pid AND pp_us.country = 'us'")}
    ORDER BY s.row_no`;
  const result = (await tx.execute(sql.raw(query))) as unknown as { rows: RowDiff[] };
  return result.rows;
}

/** Which of applyStagedRows' statements can change anything, from the diff of the staged rows. */
type ApplyScope = {
  newProducts: boolean;
  products: boolean;
  texts: boolean;
  existingTexts: boolean;
  prices_ca: boolean;
  prices_us: boolean;
  newPrices: boolean;
};

/** The statements the diff says have work (a re-import of unchanged rows has none). */
export function applyScope(diffs: RowDiff[]): ApplyScope {
  const any = (test: (d: RowDiff) => boolean) => diffs.some(test);
  return {
    newProducts: any((d) => d.is_new),
    products: any((d) => d.product_changed),
    texts: any((d) => d.is_new || d.texts_changed),
    existingTexts: any((d) => !d.is_new && d.texts_changed),
    // Stock given with a new price row is written by the insert.
    prices_ca: any((d) => d.ca_prices_changed || (d.ca_stock_changed && !d.ca_price_created)),
    prices_us: any((d) => d.us_prices_changed || (d.us_stock_changed && !d.us_price_created)),
    newPrices: any((d) => d.ca_price_created || d.us_price_created),
  };
}

const EVERY_STATEMENT: ApplyScope = {
  newProducts: true,
  products: true,
  texts: true,
  existingTexts: true,
  prices_ca: true,
  prices_us: true,
  newPrices: true,
};

/**
 * Writes every staged row into the catalogue: only rows and fields that differ are touched, and a
 * statement the diff says has nothing to do (`scope`) is not sent. `times` receives the milliseconds
 * of each statement (triggers included).
 */
export async function applyStagedRows(
  tx: Tx,
  o: StagingOptions,
  options: { scope?: ApplyScope; times?: Record<string, number> } = {},
): Promise<void> {
  const { scope = EVERY_STATEMENT, times } = options;
  const run = async (phase: string, statement: SQL | string) => {
    const started = performance.now();
    await tx.execute(typeof statement === 'string' ? sql.raw(statement) : statement);
    if (times) times[phase] = (times[phase] ?? 0) + performance.now() - started;
  };
  if (scope.newProducts) {
    // NOTE: the sold flags (migration 0006) are set here, since the insert of prices below gives
    // every new product a price row in each country whose price it has: the flags' trigger then
    // finds them already set and does not write each new product a second time.
    await run(
      'insert_products',
      `INSERT INTO products (product_id, class_code, category_id, ship_pack, brand, barcode, active,
       sold_ca, sold_us)
     SELECT s.sku, s.class_code, s.category_id, coalesce(s.ship_pack, 1), s.brand, s.barcode,
       coalesce(s.active, true), s.price_ca IS NOT NULL, s.price_us IS NOT NULL
     FROM import_staging s
     WHERE s.category_id IS NOT NULL AND s.class_code IS NOT NULL AND s.name_en IS NOT NULL
       AND s.pid IS NULL
     ON CONFLICT (product_id) DO NOTHING`,
    );
    // The new products' ids (or, after a lost race, the id of the product another writer created).
    await run(
      'insert_products',
      `UPDATE import_staging s SET pid = (SELECT p.id FROM products p WHERE p.product_id = s.sku)
     WHERE s.pid IS NULL`,
    );
  }
  if (scope.products)
    await run(
      'update_products',
      `UPDATE products p SET
       ${o.barcodeSent ? 'barcode = s.barcode,' : ''}
       ${o.brandSent ? 'brand = s.brand,' : ''}
       category_id = coalesce(s.category_id, p.category_id),
       class_code = coalesce(s.class_code, p.class_code),
       ship_pack = coalesce(s.ship_pack, p.ship_pack),
       active = coalesce(s.active, p.active),
       updated_at = now()
     FROM import_staging s
     WHERE p.id = s.pid AND ${productChanged(o)}`,
    );
  const langs = `(VALUES ('en', s.name_en, s.desc_en), ('fr', s.name_fr, s.desc_fr),
    ('es', s.name_es, s.desc_es)) AS l(lang, name, description)`;
  if (scope.texts)
    await run(
      'upsert_translations',
      `INSERT INTO product_translations (product_id, lang, name, description)
     SELECT s.pid, l.lang, l.name, coalesce(l.description, '')
     FROM import_staging s CROSS JOIN LATERAL ${langs}
     WHERE s.pid IS NOT NULL AND l.name IS NOT NULL
     ON CONFLICT (product_id, lang) DO UPDATE SET name = excluded.name
     WHERE product_translations.name IS DISTINCT FROM excluded.name`,
    );
  if (scope.existingTexts)
    await run(
      'update_descriptions',
      `UPDATE product_translations t SET description = l.description
     FROM import_staging s CROSS JOIN LATERAL ${langs}
     WHERE t.product_id = s.pid AND t.lang = l.lang AND l.description IS NOT NULL
       AND t.description IS DISTINCT FROM l.description`,
    );
  for (const c of ['ca', 'us'] as const)
    if (scope[`prices_${c}`])
      await run(
        `update_prices_${c}`,
        `UPDATE product_prices pp SET
         selling_price_cents = coalesce(s.price_${c}, pp.selling_price_cents),
         retail_price_cents = coalesce(s.retail_${c}, pp.retail_price_cents),
         selling_price_2_cents = CASE WHEN s.sale_set_${c} THEN s.sale_${c} ELSE pp.selling_price_2_cents END,
         available = coalesce(s.stock_${c}, pp.available)
       FROM import_staging s
       WHERE pp.product_id = s.pid AND pp.country = '${c}'
         AND (${pricesChanged(c)} OR (s.stock_${c} IS NOT NULL AND s.stock_${c} <> pp.available))`,
      );
  // Both countries in one statement: the sold-flag trigger of migration 0006 runs once. NOTE: a
  // country's existing price row is skipped by ON CONFLICT, a lookup in the primary key per row;
  // NOT EXISTS let the planner hash the whole product_prices table in every batch (it cannot know
  // how small the staging table is), a cost that grew with the catalogue.
  const newPrices = (c: 'ca' | 'us') => `
       SELECT s.pid, '${c}', coalesce(s.retail_${c}, s.price_${c}), s.price_${c},
         CASE WHEN s.sale_set_${c} THEN s.sale_${c} END, coalesce(s.stock_${c}, 0)
       FROM import_staging s
       WHERE s.pid IS NOT NULL AND s.price_${c} IS NOT NULL`;
  if (scope.newPrices)
    await run(
      'insert_prices',
      `INSERT INTO product_prices (product_id, country, retail_price_cents, selling_price_cents,
       selling_price_2_cents, available)
     ${newPrices('ca')}
     UNION ALL
     ${newPrices('us')}
     ON CONFLICT (product_id, country) DO NOTHING`,
    );
}
