import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * docs/product/storefront-ux.md: the page scrolls to the top whenever the path, the query string or the current page
 * changes. Pages carry their page number in the path or query, so watching both covers it; a page
 * that keeps its page number in state calls `useScrollToTopOn(page)`.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useScrollToTopOn(`${pathname}?${search}`);
  return null;
}

export function useScrollToTopOn(value: unknown): void {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [value]);
}
