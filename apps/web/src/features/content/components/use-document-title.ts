import { usePageMeta } from '@/lib/page-meta';
import { useStoreName } from '@/lib/store-identity';

/** Sets the document title (and, when given, the description and Open Graph tags) of a content page. */
export function useDocumentTitle(title: string, description?: string) {
  const storeName = useStoreName();
  usePageMeta({ title: `${title} | ${storeName}`, description });
}
