import { sql } from 'drizzle-orm';
import type { ImportColumn } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import type { selectImportReferences } from './import.queries';

/** A product with its three texts and two countries' prices, as the export and the editor read it. */
export type CatalogueRow = {
  id: number;
  product_id: string;
  barcode: string | null;
  category_id: number;
  brand: string | null;
  class_code: string;
  ship_pack: number;
  active: boolean;
  name_en: string | null;
  name_fr: string | null;
  name_es: string | null;
  desc_en: string | null;
  desc_fr: string | null;
  desc_es: string | null;
  price_ca: number | null;
  sale_ca: number | null;
  retail_ca: number | null;
  stock_ca: number | null;
  price_us: number | null;
  sale_us: number | null;
  retail_us: number | null;
  stock_us: number | null;
};

/** Products by id order after `afterId` (the export's pages), or the one product with `sku`. */
export async function selectCatalogueRows(
  tx: Tx,
  filter: { afterId: number; limit: number } | { sku: string; forUpdate?: boolean },
): Promise<CatalogueRow[]> {
  const where =
    'sku' in filter
      ? sql`p.product_id = ${filter.sku}`
      : sql`p.id > ${filter.afterId} ORDER BY p.id LIMIT ${filter.limit}`;
  // NOTE: the lock is its own statement, before the read. A `SELECT … FOR UPDATE OF p` joined to the
  // prices and texts waits for a concurrent editor, then re-reads the product row only: the joined
  // rows stay those of the statement's snapshot, taken before the wait (PostgreSQL, READ COMMITTED,
  // "EvalPlanQual"), so a second editor saw the old prices, the old version, and won too. A new
  // statement after the lock takes a new snapshot holding the first editor's commit.
  if ('sku' in filter && filter.forUpdate)
    await tx.execute(sql`SELECT 1 FROM products p WHERE ${where} FOR UPDATE`);
  const result = (await tx.execute(sql`
    SELECT p.id, p.product_id, p.barcode, p.category_id, p.brand, p.class_code, p.ship_pack, p.active,
      en.name AS name_en, fr.name AS name_fr, es.name AS name_es,
      en.description AS desc_en, fr.description AS desc_fr, es.description AS desc_es,
      ca.selling_price_cents AS price_ca, ca.selling_price_2_cents AS sale_ca,
      ca.retail_price_cents AS retail_ca, ca.available AS stock_ca,
      us.selling_price_cents AS price_us, us.selling_price_2_cents AS sale_us,
      us.retail_price_cents AS retail_us, us.available AS stock_us
    FROM products p
    LEFT JOIN product_translations en ON en.product_id = p.id AND en.lang = 'en'
    LEFT JOIN product_translations fr ON fr.product_id = p.id AND fr.lang = 'fr'
    LEFT JOIN product_translations es ON es.product_id = p.id AND es.lang = 'es'
    LEFT JOIN product_prices ca ON ca.product_id = p.id AND ca.country = 'ca'
    LEFT JOIN product_prices us ON us.product_id = p.id AND us.country = 'us'
    WHERE ${where}`)) as unknown as { rows: CatalogueRow[] };
  return result.rows;
}

/** Dollars with two decimals, as the import file writes amounts. */
export const moneyText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * Maps a catalogue row to the import format (category codes, dollars, `yes`/`no`), so a round trip
 * (export or editor, edit, import) changes exactly what was edited.
 */
export function catalogueRecordMapper(refs: Awaited<ReturnType<typeof selectImportReferences>>) {
  const byId = new Map(refs.categories.map((c) => [c.id, c]));
  const rootCode = (id: number) => {
    let node = byId.get(id);
    while (node?.parentId != null) node = byId.get(node.parentId);
    return node?.code.trim() ?? '';
  };
  return (r: CatalogueRow): Record<ImportColumn, string | number> => {
    const own = byId.get(r.category_id);
    return {
      sku: r.product_id.trim(),
      barcode: r.barcode ?? '',
      category: rootCode(r.category_id),
      subcategory: own && own.level > 1 ? own.code.trim() : '',
      brand: r.brand ?? '',
      class: r.class_code.trim(),
      ship_pack: r.ship_pack,
      name_en: r.name_en ?? '',
      name_fr: r.name_fr ?? '',
      name_es: r.name_es ?? '',
      description_en: r.desc_en ?? '',
      description_fr: r.desc_fr ?? '',
      description_es: r.desc_es ?? '',
      price_ca: moneyText(r.price_ca),
      sale_price_ca: moneyText(r.sale_ca),
      retail_ca: moneyText(r.retail_ca),
      stock_ca: r.stock_ca ?? '',
      price_us: moneyText(r.price_us),
      sale_price_us: moneyText(r.sale_us),
      retail_us: moneyText(r.retail_us),
      stock_us: r.stock_us ?? '',
      active: r.active ? 'yes' : 'no',
      image: '',
    };
  };
}
