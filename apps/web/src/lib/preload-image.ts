const preloaded = new Set<string>();

/**
 * Asks for a page's main picture (its largest paint) as soon as its address is known, at high
 * priority, instead of when React renders the <img> (docs/product/storefront-ux.md, Lighthouse). The
 * <img> then finds the picture in the memory cache. Once per address.
 */
export function preloadImage(src: string | undefined): void {
  if (!src || preloaded.has(src)) return;
  preloaded.add(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = src;
  document.head.append(link);
}
