import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The catalogue's window for the images module: just what a generated picture needs (colour, type,
 * badge colour), so that module never reads the catalogue tables itself.
 */
export type ProductSwatch = {
  productId: string;
  colourHex: string | null;
  type: string | null;
  classCode: string;
};

/** A product by its SKU code (active or not: an old order line still shows its picture). */
export async function findProductSwatch(tx: Tx, productId: string): Promise<ProductSwatch | null> {
  const result = await tx.execute<{
    product_id: string;
    colour_hex: string | null;
    type: string | null;
    class_code: string;
  }>(sql`
    select product_id, colour_hex, type, class_code from products where product_id = ${productId} limit 1`);
  const row = result.rows[0];
  return row
    ? {
        productId: row.product_id,
        colourHex: row.colour_hex,
        type: row.type,
        classCode: row.class_code,
      }
    : null;
}

/** A class code's badge colour, or null for an unknown code. */
export async function findClassBadge(
  tx: Tx,
  code: string,
): Promise<{ code: string; color: string } | null> {
  const result = await tx.execute<{ code: string; color: string }>(
    sql`select code, color from class_codes where code = ${code} limit 1`,
  );
  return result.rows[0] ?? null;
}

/** A category by its cat_code, with the cat_code of its top-level ancestor (for a tile's colour). */
export async function findCategoryTile(
  tx: Tx,
  catCode: string,
): Promise<{ catCode: string; rootCode: string } | null> {
  const result = await tx.execute<{ cat_code: string; root_code: string }>(sql`
    with recursive up as (
      select id, parent_id, cat_code from categories where cat_code = ${catCode}
      union all
      select c.id, c.parent_id, c.cat_code from categories c join up on c.id = up.parent_id
    )
    select (select cat_code from up where parent_id is null limit 1) as root_code, ${catCode}::text as cat_code
    where exists (select 1 from up)`);
  const row = result.rows[0];
  return row ? { catCode: row.cat_code, rootCode: row.root_code ?? row.cat_code } : null;
}
