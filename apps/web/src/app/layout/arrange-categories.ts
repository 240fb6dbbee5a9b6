import type { Category } from '@wholesale/contract';

/**
 * docs/product/catalogue.md menu rules: Zippers hidden, Promotions sorted last (by the English key
 * `name`); and any category staff hid (`hidden`, docs/product/back-office-catalogue.md) left out
 * with what is under it, at every level.
 */
export function arrangeCategories(categories: readonly Category[]): Category[] {
  const visible = categories
    .filter((c) => !c.hidden && c.name.trim().toLowerCase() !== 'zippers')
    .map((c) => ({
      ...c,
      sub_cate: c.sub_cate
        .filter((s) => !s.hidden)
        .map((s) =>
          s.sub_subCat ? { ...s, sub_subCat: s.sub_subCat.filter((g) => !g.hidden) } : s,
        ),
    }));
  const isPromotions = (c: Category) => c.name.trim().toLowerCase() === 'promotions';
  return [...visible.filter((c) => !isPromotions(c)), ...visible.filter(isPromotions)];
}
