import { z } from 'zod';

/** SPEC.md §3 category tree: Sub-sub category. */
export const SubSubCategory = z.object({
  sub_subCat: z.string(),
  category: z.string(),
  cat_code: z.string(),
});

/** SPEC.md §3 category tree: Sub category. */
export const SubCategory = z.object({
  sub_cate: z.string(),
  category: z.string(),
  cat_code: z.string(),
  sub_subCat: z.array(SubSubCategory).optional(),
});

/** SPEC.md §3 category tree: Category with its New/Clear/Sale/Soon counts. */
export const Category = z.object({
  name: z.string(),
  category: z.string(),
  cat_code: z.string(),
  New: z.number().int(),
  Clear: z.number().int(),
  Sale: z.number().int(),
  Soon: z.number().int(),
  sub_cate: z.array(SubCategory),
});
export type Category = z.infer<typeof Category>;
export type SubCategory = z.infer<typeof SubCategory>;

export const CategoriesResponse = z.object({ status: z.literal(true), data: z.array(Category) });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

/** Class codes with a meaning of their own (SPEC.md §2 category links /F /R /Y /N). */
export const SPECIAL_CLASSES = { F: 'new', R: 'clearance', Y: 'sale', N: 'soon' } as const;
export type SpecialClass = keyof typeof SPECIAL_CLASSES;

/**
 * SPEC.md §3 product list item. Prices, stock (available) and the selling prices are present only
 * for signed-in callers: for guests the fields are absent from the JSON (DESIGN.md "Prices").
 */
export const ProductCard = z.object({
  id: z.number().int(),
  product_id: z.string(),
  name: z.string(),
  country: z.enum(['ca', 'us']),
  class: z.string(),
  ship_pac: z.number().int(),
  types: z.string(),
  image: z.string(),
  brand: z.string().nullable(),
  color: z.string().nullable(),
  type: z.string().nullable(),
  size: z.string().nullable(),
  available: z.number().int().optional(),
  retail_price: z.number().optional(),
  selling_price: z.number().optional(),
  selling_price_2: z.number().nullable().optional(),
});
export type ProductCard = z.infer<typeof ProductCard>;

/** The fields only a signed-in customer receives. */
export const PRICED_FIELDS = ['available', 'retail_price', 'selling_price', 'selling_price_2'] as const;

/** SPEC.md §2: thumbnail path by trimmed product_id with .jpg. */
export function productImagePath(productId: string): string {
  return `/images/products/${encodeURIComponent(productId.trim())}.jpg`;
}

/** Badge image path of a class code. */
export function classBadgePath(classCode: string): string {
  return `/images/classes/${encodeURIComponent(classCode.trim())}.png`;
}

/** SPEC.md §3 content types shown as icons on the card. */
export const CONTENT_TYPES = ['Videos', 'Patterns & Inspiration', 'Education & Blog Post'] as const;
