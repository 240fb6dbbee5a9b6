import {
  classBadgePath,
  type Category,
  type ClassCodeEntry,
  type Country,
  type DisplayCategory,
  type Lang,
  type SubCategory,
} from '@wholesale/contract';
import type { CatalogueContext } from './catalogue.caches';
import { CategoryList } from './catalogue.category-list';
import { categoryName } from './catalogue.dto';
import {
  selectAllCategories,
  selectClassCodes,
  selectSpecialClassCounts,
  type CategoryRow,
  type ClassCodeRow,
} from './catalogue.queries';

const COUNT_KEYS = { F: 'New', R: 'Clear', Y: 'Sale', N: 'Soon' } as const;

/** Class codes change almost never (cached 60 s). */
export function allClassCodes({ db: tx, caches }: CatalogueContext): Promise<ClassCodeRow[]> {
  return caches.classCodes.get('all', () => selectClassCodes(tx));
}

/** Every category with its lookups (cached 30 s: the tree changes rarely and is read by every listing). */
export function allCategories({ db: tx, caches }: CatalogueContext): Promise<CategoryList> {
  return caches.categories.get('all', async () => new CategoryList(await selectAllCategories(tx)));
}

/**
 * docs/product/catalogue.md category tree in one language, with the New/Clear/Sale/Soon counts of each top-level
 * category for the given country. Hidden categories (e.g. Zippers) are included with `hidden: true`
 * left to the menu, which hides them (docs/product/catalogue.md); `name` is the English URL key, `category` the label.
 */
export function getCategoryTree(
  ctx: CatalogueContext,
  lang: Lang,
  country: Country,
): Promise<Category[]> {
  return ctx.caches.tree.get(`${lang}:${country}`, () => buildCategoryTree(ctx, lang, country));
}

/** `hidden: true` on a category staff hid (the menu leaves it out); nothing on the others. */
const hiddenFlag = (row: CategoryRow) => (row.hidden ? { hidden: true as const } : {});

async function buildCategoryTree(
  ctx: CatalogueContext,
  lang: Lang,
  country: Country,
): Promise<Category[]> {
  const [list, counts] = await Promise.all([
    allCategories(ctx),
    ctx.caches.classCounts.get(country, () => selectSpecialClassCounts(ctx.db, country)),
  ]);
  const children = list.children();
  return list.rows
    .filter((row) => row.parentId === null)
    .map((root): Category => {
      const tally = { New: 0, Clear: 0, Sale: 0, Soon: 0 };
      for (const c of counts)
        if (c.rootId === root.id)
          tally[COUNT_KEYS[c.classCode as keyof typeof COUNT_KEYS]] += c.count;
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
                    ...hiddenFlag(g),
                  })),
                }
              : {}),
            ...hiddenFlag(sub),
          };
        }),
        ...hiddenFlag(root),
      };
    });
}

/** GET displayCategories: visible top-level categories as tiles. */
export async function getDisplayCategories(
  ctx: CatalogueContext,
  lang: Lang,
): Promise<DisplayCategory[]> {
  const { rows } = await allCategories(ctx);
  return rows
    .filter((r) => r.parentId === null && !r.hidden)
    .map((r) => ({
      name: r.nameEn,
      category: categoryName(r, lang),
      cat_code: r.catCode,
      image: `/images/categories/${encodeURIComponent(r.catCode)}.jpg`,
    }));
}

/** GET class_codes: every class code with its badge image (docs/product/catalogue.md class, image, id). */
export async function getClassCodes(ctx: CatalogueContext, lang: Lang): Promise<ClassCodeEntry[]> {
  const rows = await allClassCodes(ctx);
  return rows.map((r, index) => ({
    id: index + 1,
    class: r.code,
    image: classBadgePath(r.code),
    label: lang === 'fr' ? r.labelFr : lang === 'es' ? r.labelEs : r.labelEn,
  }));
}

/**
 * Whether a listing's `category` / `name` parameters name a category (no parameter: the whole
 * catalogue does). The listing of one that does not is empty; the page server answers its address
 * with 404 (plugins/page-exists.ts).
 */
export async function listingCategoryExists(
  ctx: CatalogueContext,
  params: { category?: string; name?: string },
): Promise<boolean> {
  if (!(params.category ?? '').trim() && !(params.name ?? '').trim()) return true;
  return (await allCategories(ctx)).find(params.category, params.name) !== null;
}
