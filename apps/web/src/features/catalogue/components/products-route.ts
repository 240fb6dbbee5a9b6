import { SPECIAL_CLASSES, type SpecialClass } from '@wholesale/contract';

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
