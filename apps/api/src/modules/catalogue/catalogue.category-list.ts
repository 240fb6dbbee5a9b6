import type { Lang, ProductCategoryRef } from '@wholesale/contract';
import { categoryName } from './catalogue.dto';
import type { CategoryRow } from './catalogue.queries';

/** Distinct `find` arguments remembered per list (they come from request parameters). */
const FOUND_CATEGORIES_MAX = 2000;

function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;
}

/**
 * Every category (as selectAllCategories reads them) with what listings, details and the tree look
 * up in it, worked out once per list: the cached list (catalogue.caches.ts) is one object until it
 * is reloaded, so these live exactly as long as it does.
 * NOTE: rebuilt on every request they were a good share of a cached answer's CPU (a map of every
 * category per product detail, collation compares per listing).
 */
export class CategoryList {
  private byIdMap: Map<number, CategoryRow> | undefined;
  private childrenMap: Map<number, CategoryRow[]> | undefined;
  private ancestorsMap: Map<number, readonly number[]> | undefined;
  /** `find` answers by its arguments (a bounded number of them). */
  private readonly found = new Map<string, CategoryRow | null>();

  constructor(readonly rows: CategoryRow[]) {}

  /** Each category's children, by parent id. */
  children(): Map<number, CategoryRow[]> {
    if (this.childrenMap) return this.childrenMap;
    const children = new Map<number, CategoryRow[]>();
    for (const row of this.rows) {
      if (row.parentId === null) continue;
      const list = children.get(row.parentId) ?? [];
      list.push(row);
      children.set(row.parentId, list);
    }
    this.childrenMap = children;
    return children;
  }

  /**
   * Resolves the docs/product/catalogue.md `category` / `name` parameters to a category: `category`
   * is a cat_code or a category name (any language, any level); without it, `name` names a category
   * (the top level first). Returns null when nothing matches.
   */
  find(category: string | undefined, name: string | undefined): CategoryRow | null {
    const key = JSON.stringify([category ?? '', name ?? '']);
    let match = this.found.get(key);
    if (match === undefined) {
      match = this.search(category, name);
      if (this.found.size >= FOUND_CATEGORIES_MAX) this.found.clear();
      this.found.set(key, match);
    }
    return match;
  }

  private search(category: string | undefined, name: string | undefined): CategoryRow | null {
    const rows = this.rows;
    for (const key of [category, name]) {
      const wanted = (key ?? '').trim();
      if (!wanted) continue;
      const byCode =
        rows.find((r) => r.catCode === wanted) ?? rows.find((r) => sameText(r.catCode, wanted));
      if (byCode) return byCode;
      const byName = rows.find((r) =>
        [r.nameEn, r.nameFr, r.nameEs].some((n) => sameText(n, wanted)),
      );
      if (byName) return byName;
    }
    return null;
  }

  /** A category and all its descendants, sorted (the listing index is scanned in this order). */
  descendantIds(root: CategoryRow): number[] {
    const children = this.children();
    const ids: number[] = [];
    const stack = [root];
    while (stack.length) {
      const row = stack.pop()!;
      ids.push(row.id);
      for (const child of children.get(row.id) ?? []) stack.push(child);
    }
    return ids.sort((a, b) => a - b);
  }

  /**
   * A category's id, then its parent's, up to the top level (the pricing engine's categoryPath):
   * worked out once per category of the list, as every priced card of a page asks for it.
   */
  ancestorIds(categoryId: number): readonly number[] {
    const known = (this.ancestorsMap ??= new Map());
    let ids = known.get(categoryId);
    if (!ids) {
      const byId = this.byId();
      const path: number[] = [];
      for (let row = byId.get(categoryId); row && !path.includes(row.id);) {
        path.push(row.id);
        row = row.parentId === null ? undefined : byId.get(row.parentId);
      }
      ids = path.length ? path : [categoryId];
      known.set(categoryId, ids);
    }
    return ids;
  }

  private byId(): Map<number, CategoryRow> {
    return (this.byIdMap ??= new Map(this.rows.map((r) => [r.id, r])));
  }

  /** Ancestors of a category from the top level down, as references. */
  path(categoryId: number, lang: Lang): ProductCategoryRef[] {
    const byId = this.byId();
    const path: ProductCategoryRef[] = [];
    let current = byId.get(categoryId);
    while (current) {
      path.unshift({
        name: current.nameEn,
        category: categoryName(current, lang),
        cat_code: current.catCode,
      });
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return path;
  }
}
