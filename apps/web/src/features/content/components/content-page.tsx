import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

/**
 * A content page's frame: the document title, the page's heading and lead (`<page>.title` and
 * `<page>.lead`), then the page itself.
 */
export function ContentPage({
  page,
  children,
}: {
  page: 'catalogues' | 'newsletter' | 'patterns';
  children: ReactNode;
}) {
  const { t } = useTranslation('content');
  useDocumentTitle(t(`${page}.title`));
  return (
    <section className="page content-page" aria-labelledby="page-title">
      <h1 id="page-title">{t(`${page}.title`)}</h1>
      <p className="content-lead">{t(`${page}.lead`)}</p>
      {children}
    </section>
  );
}
