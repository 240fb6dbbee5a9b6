// Catalogue values and helpers without zod: the storefront's first paint (cards, search box) uses
// them, so they stay out of the schemas' chunk (home route JS budget, docs/product/storefront-ux.md).

/** Class codes with a meaning of their own (docs/product/catalogue.md category links /F /R /Y /N). */
export const SPECIAL_CLASSES = { F: 'new', R: 'clearance', Y: 'sale', N: 'soon' } as const;
export type SpecialClass = keyof typeof SPECIAL_CLASSES;

/** The fields only a signed-in customer receives. */
export const PRICED_FIELDS = [
  'available',
  'retail_price',
  'selling_price',
  'selling_price_2',
] as const;

/** The fields only a signed-in customer with price lists receives (their own price). */
export const CUSTOMER_PRICE_FIELDS = ['customer_price', 'price_reason', 'price_breaks'] as const;

/** docs/product/catalogue.md: thumbnail path by trimmed product_id with .jpg. */
export function productImagePath(productId: string): string {
  return `/images/products/${encodeURIComponent(productId.trim())}.jpg`;
}

/** A product picture of the ordered list (decision 022): written once, so cacheable for a year. */
export function productGalleryPath(imageId: number): string {
  return `/images/gallery/${imageId}.jpg`;
}

/** Badge image path of a class code. */
export function classBadgePath(classCode: string): string {
  return `/images/classes/${encodeURIComponent(classCode.trim())}.png`;
}

/** docs/product/catalogue.md content types shown as icons on the card. */
export const CONTENT_TYPES = ['Videos', 'Patterns & Inspiration', 'Education & Blog Post'] as const;

/** Longest search text considered; longer input is cut, not refused (hostile or pasted text). */
export const SEARCH_MAX_LENGTH = 200;

/** docs/product/catalogue.md Search: HTML tags are stripped from displayed text; whitespace collapsed. */
export function stripHtml(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#a-zA-Z0-9]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
