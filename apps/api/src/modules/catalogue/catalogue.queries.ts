import { asc, eq, sql } from 'drizzle-orm';
import type { Country } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { categories } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;

/** Every category, ordered for display. The tree has three levels, so one read is enough. */
export function selectAllCategories(tx: Tx): Promise<CategoryRow[]> {
  return tx.select().from(categories).orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.nameEn));
}

/** Counts of special-class products (F, R, Y, N) per top-level category, for one country. */
export async function selectSpecialClassCounts(
  tx: Tx,
  country: Country,
): Promise<Array<{ rootId: number; classCode: string; count: number }>> {
  const result = await tx.execute<{ root_id: number; class_code: string; count: string }>(sql`
    with recursive tree as (
      select id, id as root_id from categories where parent_id is null
      union all
      select c.id, t.root_id from categories c join tree t on c.parent_id = t.id
    )
    select tree.root_id, p.class_code, count(*) as count
    from products p
    join tree on tree.id = p.category_id
    join product_prices pp on pp.product_id = p.id and pp.country = ${country}
    where p.active and p.class_code in ('F', 'R', 'Y', 'N')
    group by tree.root_id, p.class_code`);
  return result.rows.map((r) => ({ rootId: Number(r.root_id), classCode: r.class_code, count: Number(r.count) }));
}

export function selectCategoryByCode(tx: Tx, catCode: string) {
  return tx.select().from(categories).where(eq(categories.catCode, catCode)).limit(1);
}
