import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../lib/first-row';
import { brands, categories, classCodes, products } from '../../db/schema';

/** Drizzle queries of the catalogue structure (structure.service.ts); each takes the caller's tx. */

export type CategoryRecord = typeof categories.$inferSelect;

const productCount = sql<number>`count(*)::int`;

/** Every category with how many products and categories it holds directly, in menu order. */
export async function selectCategoriesWithCounts(tx: Tx) {
  const rows = await tx.execute<
    CategoryRecord & { products: number; children: number } & Record<string, unknown>
  >(sql`
    SELECT c.id, c.parent_id AS "parentId", c.level, c.cat_code AS "catCode", c.name_en AS "nameEn",
      c.name_fr AS "nameFr", c.name_es AS "nameEs", c.sort_order AS "sortOrder", c.hidden,
      (SELECT count(*) FROM products p WHERE p.category_id = c.id)::int AS products,
      (SELECT count(*) FROM categories k WHERE k.parent_id = c.id)::int AS children
    FROM categories c
    ORDER BY c.level, c.sort_order, c.name_en, c.id`);
  return rows.rows;
}

export const selectCategory = (tx: Tx, id: number, forUpdate = false) =>
  firstRow(tx.select().from(categories).where(eq(categories.id, id)), forUpdate);

export async function selectCategoryByCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.catCode, code));
  return row ?? null;
}

/** The categories under the same parent, in their order. */
export function selectSiblings(tx: Tx, parentId: number | null) {
  return tx
    .select({ id: categories.id, sortOrder: categories.sortOrder })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.sortOrder), asc(categories.nameEn), asc(categories.id));
}

/** The next sort position under `parentId` (after every sibling). */
export async function nextSortOrder(tx: Tx, parentId: number | null): Promise<number> {
  const where = parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`;
  const result = await tx.execute<{ next: number }>(
    sql`SELECT coalesce(max(sort_order) + 1, 0)::int AS next FROM categories WHERE ${where}`,
  );
  return result.rows[0]?.next ?? 0;
}

/** Renumbers siblings 0, 1, 2… in the given order (one statement). */
export async function setSortOrders(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::int, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE categories c SET sort_order = v.pos
    FROM (VALUES ${values}) AS v(id, pos) WHERE c.id = v.id AND c.sort_order <> v.pos`);
}

export async function countChildren(tx: Tx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: productCount })
    .from(categories)
    .where(eq(categories.parentId, id));
  return row?.n ?? 0;
}

/**
 * The columns that file a product under a category, a class or a brand: retiring one counts the
 * products it holds and moves them all to another.
 */
type ProductGrouping = {
  categoryId: number;
  classCode: string;
  brand: string;
};

/** How many products a category, class or brand holds. */
export async function countProductsBy<G extends keyof ProductGrouping>(
  tx: Tx,
  grouping: G,
  value: ProductGrouping[G],
): Promise<number> {
  const [row] = await tx
    .select({ n: productCount })
    .from(products)
    .where(eq(products[grouping], value));
  return row?.n ?? 0;
}

/** Moves every product of one group to another; answers how many moved. */
export async function moveProductsBy<G extends keyof ProductGrouping>(
  tx: Tx,
  grouping: G,
  from: ProductGrouping[G],
  to: ProductGrouping[G],
): Promise<number> {
  const moved = await tx
    .update(products)
    .set({ [grouping]: to, updatedAt: new Date() })
    .where(eq(products[grouping], from))
    .returning({ id: products.id });
  return moved.length;
}

export async function selectClassesWithCounts(tx: Tx) {
  return tx
    .select({
      code: classCodes.code,
      labelEn: classCodes.labelEn,
      labelFr: classCodes.labelFr,
      labelEs: classCodes.labelEs,
      color: classCodes.color,
      badgeUploaded: classCodes.badgeUploaded,
      products: sql<number>`(SELECT count(*) FROM products p WHERE p.class_code = ${classCodes.code})::int`,
    })
    .from(classCodes)
    .orderBy(asc(classCodes.code));
}

export const selectClass = (tx: Tx, code: string, forUpdate = false) =>
  firstRow(tx.select().from(classCodes).where(eq(classCodes.code, code)), forUpdate);

export async function selectBrandsWithCounts(tx: Tx) {
  return tx
    .select({
      id: brands.id,
      code: brands.code,
      name: brands.name,
      products: sql<number>`(SELECT count(*) FROM products p WHERE p.brand = ${brands.name})::int`,
    })
    .from(brands)
    .orderBy(asc(brands.name));
}

export const selectBrand = (tx: Tx, id: number, forUpdate = false) =>
  firstRow(tx.select().from(brands).where(eq(brands.id, id)), forUpdate);

/** A brand holding this code or this name, if any (both are unique). */
export async function selectBrandClash(tx: Tx, code: string | null, name: string | null) {
  const rows = await tx
    .select()
    .from(brands)
    .where(
      sql`${code === null ? sql`false` : eq(brands.code, code)} OR ${
        name === null ? sql`false` : sql`lower(${brands.name}) = lower(${name})`
      }`,
    );
  return rows;
}
