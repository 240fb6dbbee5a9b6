import type { Category } from '@wholesale/contract';
import { useCategoryTree } from '../api/get-category-tree';

/** Equal ignoring case and accents ("boutons" = "Boutons"). */
export function same(a: string, b: string) {
  return a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
}

/** Every category of the tree at any level: its code, its label in the tree's language, other keys. */
function* walk(tree: Category[]): Generator<{ code: string; label: string; keys: string[] }> {
  for (const top of tree) {
    yield { code: top.cat_code, label: top.category, keys: [top.name, top.category] };
    for (const sub of top.sub_cate) {
      yield { code: sub.cat_code, label: sub.sub_cate, keys: [sub.sub_cate] };
      for (const leaf of sub.sub_subCat ?? [])
        yield { code: leaf.cat_code, label: leaf.sub_subCat, keys: [leaf.sub_subCat] };
    }
  }
}

/**
 * The label, in the tree's language, of the category a URL names: a cat_code first (the links carry
 * one), else the English URL key of a top category or a label. Undefined when nothing matches, so the
 * caller can fall back to the text of the URL.
 */
export function findCategoryLabel(
  tree: Category[] | undefined,
  key: string | undefined,
): string | undefined {
  const wanted = (key ?? '').trim();
  if (!tree || !wanted) return undefined;
  const nodes = [...walk(tree)];
  return (
    nodes.find((n) => n.code === wanted) ??
    nodes.find((n) => same(n.code, wanted)) ??
    nodes.find((n) => n.keys.some((k) => same(k, wanted)))
  )?.label;
}

/** The current language's label of the category a URL names (see findCategoryLabel). */
export function useCategoryLabel(key: string | undefined): string | undefined {
  const tree = useCategoryTree();
  return findCategoryLabel(tree.data, key);
}
