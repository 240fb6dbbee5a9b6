import { useEffect } from 'react';
import { useStoreName } from '@/lib/store-identity';

/**
 * Sets the document title of a page that has no description or link preview (staff and account
 * pages): "<title> | <brand>". Kept apart from page-meta so these lazy pages' hook stays out of
 * the entry chunk.
 */
export function usePageTitle(title: string): void {
  const storeName = useStoreName();
  const full = `${title} | ${storeName}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
