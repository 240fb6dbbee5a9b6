import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/* A product's ordered pictures (migration 0021, docs/decisions/022-product-images.md). */

export type ProductImageRow = {
  id: number;
  position: number;
  width: number;
  height: number;
  bytes: number;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The product's pictures, first shown first. */
export async function selectProductImages(tx: Tx, productId: number): Promise<ProductImageRow[]> {
  return rowsOf<ProductImageRow>(
    await tx.execute(sql`
      SELECT id, position, width, height, bytes FROM product_images
      WHERE product_id = ${productId} ORDER BY position, id`),
  );
}

/** Adds a picture after the others (or at `position`), answering its id. */
export async function insertProductImage(
  tx: Tx,
  productId: number,
  image: { width: number; height: number; bytes: number; position?: number },
): Promise<number> {
  const position =
    image.position ??
    sql`(SELECT coalesce(max(position) + 1, 0) FROM product_images WHERE product_id = ${productId})`;
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO product_images (product_id, position, width, height, bytes)
      VALUES (${productId}, ${position}, ${image.width}, ${image.height}, ${image.bytes})
      RETURNING id`),
  );
  return row!.id;
}

/** Gives each listed picture its index as position, in one statement. */
export async function updateProductImagePositions(
  tx: Tx,
  productId: number,
  ids: number[],
): Promise<void> {
  await tx.execute(sql`
    UPDATE product_images pi SET position = o.ord - 1
    FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS o(id, ord)
    WHERE pi.product_id = ${productId} AND pi.id = o.id::int`);
}

/** Removes one picture of the product; null when it has no such picture. */
export async function deleteProductImageRow(
  tx: Tx,
  productId: number,
  imageId: number,
): Promise<{ position: number } | null> {
  const [row] = rowsOf<{ position: number }>(
    await tx.execute(sql`
      DELETE FROM product_images WHERE product_id = ${productId} AND id = ${imageId}
      RETURNING position`),
  );
  return row ?? null;
}

/** The product's row id by SKU (the import's images name products by SKU). */
export async function selectProductIdBySku(tx: Tx, sku: string): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM products WHERE product_id = ${sku}`),
  );
  return row?.id ?? null;
}

/** Locks the product's row for the rest of the transaction (changes to its pictures take turns). */
export async function lockProductBySku(tx: Tx, sku: string): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM products WHERE product_id = ${sku} FOR UPDATE`),
  );
  return row?.id ?? null;
}
