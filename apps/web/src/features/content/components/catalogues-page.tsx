import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { useCatalogues } from '../api/get-catalogues';
import { ContentPage } from './content-page';
import { PageState } from './page-state';
import { PdfLink, PdfSize } from './pdf-links';
import './content.css';

/** /catalogues: a grid of covers; each catalogue opens in the browser's PDF viewer or downloads. */
export function CataloguesPage() {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  const query = useCatalogues(apiLang);
  return (
    <ContentPage page="catalogues">
      <PageState query={query} empty={t('catalogues.empty')}>
        {(data) => (
          <ul className="cover-grid">
            {data.data.map((c) => (
              <li key={c.id} className="cover-card">
                <a
                  href={c.pdf}
                  target="_blank"
                  rel="noopener"
                  className="cover-card__cover"
                  aria-label={t('catalogues.openNamed', { title: c.title })}
                >
                  {c.cover ? (
                    <img
                      src={c.cover}
                      alt=""
                      width={300}
                      height={400}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="cover-card__blank" aria-hidden="true">
                      PDF
                    </span>
                  )}
                </a>
                <h2 className="cover-card__title">{c.title}</h2>
                <p>{c.description}</p>
                <p className="cover-card__actions">
                  <PdfLink file={c} label={t('catalogues.open')} />
                  <PdfLink file={c} label={t('catalogues.download')} download secondary />
                </p>
                <PdfSize bytes={c.pdf_size} />
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </ContentPage>
  );
}
