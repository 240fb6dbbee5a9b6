import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePageInRange } from './use-page-in-range';

describe('usePageInRange (docs/product/storefront-ux.md)', () => {
  it('sends a page past the last one to the last page, once', () => {
    const go = vi.fn();
    const { result, rerender } = renderHook(({ page, last }) => usePageInRange(page, last, go), {
      initialProps: { page: 999, last: 7 as number | undefined },
    });
    expect(result.current).toBe(false);
    expect(go).toHaveBeenCalledExactlyOnceWith(7);
    rerender({ page: 7, last: 7 });
    expect(result.current).toBe(true);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('leaves pages in range alone, waits for the list, and treats an empty list as one page', () => {
    const go = vi.fn();
    const { result, rerender } = renderHook(({ page, last }) => usePageInRange(page, last, go), {
      initialProps: { page: 3, last: undefined as number | undefined },
    });
    expect(result.current).toBe(true);
    rerender({ page: 3, last: 3 });
    rerender({ page: 1, last: 0 });
    expect(go).not.toHaveBeenCalled();
    rerender({ page: 2, last: 0 });
    expect(go).toHaveBeenCalledExactlyOnceWith(1);
  });
});
