import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ScrollToTop } from './scroll-to-top';

describe('scroll to top (docs/product/storefront-ux.md)', () => {
  it('scrolls to the top when the path or the query string changes', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoutes([{ path: '*', element: <ScrollToTop /> }], '/products/Buttons');
    const before = scroll.mock.calls.length;
    await act(() => router.navigate('/products/Buttons?page=2'));
    expect(scroll.mock.calls.length).toBe(before + 1);
    await act(() => router.navigate('/search-page/button/2'));
    expect(scroll.mock.calls.length).toBe(before + 2);
    expect(scroll).toHaveBeenLastCalledWith({ top: 0, left: 0 });
  });
});
