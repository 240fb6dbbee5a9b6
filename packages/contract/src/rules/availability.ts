/** Class code of "coming soon" products: always orderable (SPEC.md §4). */
export const COMING_SOON_CLASS = 'N';

/** SPEC.md §4: a product is unavailable when available ≤ 0 and its class is not N. */
export function isUnavailable(available: number, productClass: string | null | undefined): boolean {
  return available <= 0 && (productClass ?? '').trim().toUpperCase() !== COMING_SOON_CLASS;
}

export function isOrderable(available: number, productClass: string | null | undefined): boolean {
  return !isUnavailable(available, productClass);
}
