import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the document title of a page that has no description or link preview (staff and account
 * pages): "<title> | <brand>". Kept apart from page-meta so these lazy pages' hook stays out of
 * the entry chunk.
 */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const full = `${title} | ${t('brand.name')}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
