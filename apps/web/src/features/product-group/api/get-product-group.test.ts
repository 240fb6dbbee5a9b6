import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { PRODUCT_GROUP_STALE_TIME, productGroupQueryOptions } from './get-product-group';

describe('product group query (docs/product/catalogue.md)', () => {
  it('is stale after 5 minutes, never refetched on window focus, kept 60 s unused', () => {
    const options = productGroupQueryOptions('2', 'fr', 1, 25, 'ca', 'guest');
    expect(PRODUCT_GROUP_STALE_TIME).toBe(5 * 60_000);
    expect(options.staleTime).toBe(5 * 60_000);
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(60_000);
  });

  it('keys by group, language, page, page size, country and viewer', () => {
    const a = productGroupQueryOptions('2', 'fr', 1, 25, 'ca', 'guest').queryKey;
    const b = productGroupQueryOptions('2', 'fr', 1, 25, 'ca', 'u7').queryKey;
    const c = productGroupQueryOptions('2', 'fr', 2, 25, 'ca', 'guest').queryKey;
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
    expect(a[0]).toBe('product-group');
  });
});
