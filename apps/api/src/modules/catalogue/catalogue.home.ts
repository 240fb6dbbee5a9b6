import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories, classCodes, products } from '../../db/schema';

/**
 * Whether the catalogue has categories, product classes and products yet (the go-live checklist).
 * Three EXISTS probes: each stops at the first row.
 */
export async function catalogueFacts(
  tx: Tx,
): Promise<{ categories: boolean; productClasses: boolean; products: boolean }> {
  const [row] = await tx
    .select({
      categories: sql<boolean>`exists (select 1 from ${categories})`,
      productClasses: sql<boolean>`exists (select 1 from ${classCodes})`,
      products: sql<boolean>`exists (select 1 from ${products})`,
    })
    .from(sql`(select 1) as one`);
  return {
    categories: Boolean(row?.categories),
    productClasses: Boolean(row?.productClasses),
    products: Boolean(row?.products),
  };
}
