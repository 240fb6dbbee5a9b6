import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';

/** Sets the document title (and, when given, the description and Open Graph tags) of a content page. */
export function useDocumentTitle(title: string, description?: string) {
  const { t } = useTranslation();
  usePageMeta({ title: `${title} | ${t('brand.name')}`, description });
}
