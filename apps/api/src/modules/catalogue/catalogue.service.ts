import type { Category, Country, Lang, SubCategory } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { selectAllCategories, selectSpecialClassCounts, type CategoryRow } from './catalogue.queries';

export function categoryName(row: Pick<CategoryRow, 'nameEn' | 'nameFr' | 'nameEs'>, lang: Lang): string {
  return lang === 'fr' ? row.nameFr : lang === 'es' ? row.nameEs : row.nameEn;
}

const COUNT_KEYS = { F: 'New', R: 'Clear', Y: 'Sale', N: 'Soon' } as const;

/**
 * SPEC.md §3 category tree in one language, with the New/Clear/Sale/Soon counts of each top-level
 * category for the given country. Hidden categories (e.g. Zippers) are included with the flag left
 * to the menu, which hides them (SPEC.md §2); `name` is the English URL key, `category` the label.
 */
export async function getCategoryTree(tx: Tx, lang: Lang, country: Country): Promise<Category[]> {
  const [rows, counts] = await Promise.all([selectAllCategories(tx), selectSpecialClassCounts(tx, country)]);
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((root): Category => {
      const tally = { New: 0, Clear: 0, Sale: 0, Soon: 0 };
      for (const c of counts) if (c.rootId === root.id) tally[COUNT_KEYS[c.classCode as keyof typeof COUNT_KEYS]] += c.count;
      return {
        name: root.nameEn,
        category: categoryName(root, lang),
        cat_code: root.catCode,
        ...tally,
        sub_cate: (children.get(root.id) ?? []).map((sub): SubCategory => {
          const grand = children.get(sub.id) ?? [];
          return {
            sub_cate: categoryName(sub, lang),
            category: categoryName(root, lang),
            cat_code: sub.catCode,
            ...(grand.length
              ? {
                  sub_subCat: grand.map((g) => ({
                    sub_subCat: categoryName(g, lang),
                    category: categoryName(sub, lang),
                    cat_code: g.catCode,
                  })),
                }
              : {}),
          };
        }),
      };
    });
}
