/**
 * Product classes with a meaning of their own (docs/product/catalogue.md#classes): F new,
 * R clearance, Y on sale, N coming soon. Listings, sub-links and SQL read this list.
 */
export const SPECIAL_CLASS_CODES = ['F', 'R', 'Y', 'N'] as const;
export type SpecialClassCode = (typeof SPECIAL_CLASS_CODES)[number];

/** Class code of "coming soon" products: always orderable (docs/product/catalogue.md#availability). */
export const COMING_SOON_CLASS = 'N' satisfies SpecialClassCode;

/** True for a coming-soon product, whatever the case or padding of its class code. */
export function isComingSoon(productClass: string | null | undefined): boolean {
  return (productClass ?? '').trim().toUpperCase() === COMING_SOON_CLASS;
}

/** A product is unavailable when available ≤ 0 and it is not coming soon. */
export function isUnavailable(available: number, productClass: string | null | undefined): boolean {
  return available <= 0 && !isComingSoon(productClass);
}

export function isOrderable(available: number, productClass: string | null | undefined): boolean {
  return !isUnavailable(available, productClass);
}
