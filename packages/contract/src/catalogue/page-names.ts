// How a catalogue page's address names what it shows, and the plain text of a product name: the
// browser (page titles, headings) and the server (the titles it writes into index.html for crawlers,
// docs/product/storefront-ux.md "Titles and link previews") read them the same way.
import { SPECIAL_CLASSES, type SpecialClass } from './display';

/** Product names may carry limited HTML (docs/product/catalogue.md); plain text strips the tags. */
export function plainName(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** Equal ignoring case and accents ("boutons" = "Boutons"). */
export function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
}

/** The parts of the category tree a label lookup reads (the tree answer of GET /api/category). */
type CategoryTreeNames = ReadonlyArray<{
  name: string;
  category: string;
  cat_code: string;
  sub_cate: ReadonlyArray<{
    sub_cate: string;
    cat_code: string;
    sub_subCat?: ReadonlyArray<{ sub_subCat: string; cat_code: string }>;
  }>;
}>;

/** Every category of the tree at any level: its code, its label in the tree's language, other keys. */
function* walk(
  tree: CategoryTreeNames,
): Generator<{ code: string; label: string; keys: string[] }> {
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
  tree: CategoryTreeNames | undefined,
  key: string | undefined,
): string | undefined {
  const wanted = (key ?? '').trim();
  if (!tree || !wanted) return undefined;
  const nodes = [...walk(tree)];
  return (
    nodes.find((n) => n.code === wanted) ??
    nodes.find((n) => sameText(n.code, wanted)) ??
    nodes.find((n) => n.keys.some((k) => sameText(k, wanted)))
  )?.label;
}

/** The parameters of /products/:name?/:cate?/:cate_code?/:classCode?. */
export type ProductsRoute = {
  name?: string;
  cate?: string;
  cate_code?: string;
  classCode?: string;
};

function specialClass(value: string | undefined): SpecialClass | undefined {
  const v = (value ?? '').trim().toUpperCase();
  return v in SPECIAL_CLASSES ? (v as SpecialClass) : undefined;
}

/**
 * Reads /products/:name?/:cate?/:cate_code?/:classCode? — the class suffix (F new, R clearance,
 * Y on sale, N coming soon) may also sit in the place of the cat_code when the link is shorter.
 */
export function resolveProductsRoute(route: ProductsRoute): {
  name?: string;
  category?: string;
  label?: string;
  classCode?: SpecialClass;
} {
  const parts = [route.name, route.cate, route.cate_code, route.classCode].filter(
    (p): p is string => Boolean(p && p.trim()),
  );
  const classCode = parts.length > 1 ? specialClass(parts[parts.length - 1]) : undefined;
  const rest = classCode ? parts.slice(0, -1) : parts;
  const [name, label, code] = rest;
  return { name, category: code ?? label ?? name, label: label ?? name, classCode };
}

const MAX_DESCRIPTION = 160;

/** A page's meta description: whitespace collapsed, cut at a word boundary to 160 characters. */
export function clipDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_DESCRIPTION) return clean;
  const cut = clean.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
