import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '@/lib/i18n';
import { usePatterns } from '../api/get-patterns';
import { ContentPage } from './content-page';
import { PageState } from './page-state';
import { PdfLink, PdfSize } from './pdf-links';
import './content.css';

const CRAFT_KEYS = ['knitting', 'crochet', 'sewing', 'quilting', 'embroidery'] as const;
type CraftKey = (typeof CRAFT_KEYS)[number];
const isCraft = (v: string): v is CraftKey => (CRAFT_KEYS as readonly string[]).includes(v);

/** /free-patterns: free pattern PDFs with a craft filter kept in the URL (?craft=knitting). */
export function FreePatternsPage() {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  const [params, setParams] = useSearchParams();
  const craft = params.get('craft') ?? '';
  const query = usePatterns(apiLang, craft);
  const crafts = query.data?.crafts ?? [];
  const craftLabel = (c: string) => (isCraft(c) ? t(`patterns.crafts.${c}`) : c);

  return (
    <ContentPage page="patterns">
      <div className="pattern-filter">
        <label htmlFor="craft-filter">{t('patterns.filter')}</label>
        <select
          id="craft-filter"
          value={craft}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.target.value) next.set('craft', e.target.value);
            else next.delete('craft');
            setParams(next, { replace: true });
          }}
        >
          <option value="">{t('patterns.allCrafts')}</option>
          {(crafts.length ? crafts : CRAFT_KEYS).map((c) => (
            <option key={c} value={c}>
              {craftLabel(c)}
            </option>
          ))}
        </select>
        {query.data && (
          <span className="content-meta" role="status">
            {t('patterns.count', { count: query.data.data.length })}
          </span>
        )}
      </div>
      <PageState query={query} empty={t('patterns.empty')}>
        {(data) => (
          <ul className="pattern-list">
            {data.data.map((p) => (
              <li key={p.id} className="pattern-card">
                <p className="pattern-card__craft">{craftLabel(p.craft)}</p>
                <h2>{p.title}</h2>
                <p>{p.description}</p>
                <p className="cover-card__actions">
                  <PdfLink file={p} label={t('patterns.download')} download />
                  <PdfLink file={p} label={t('patterns.open')} secondary />
                </p>
                <PdfSize bytes={p.pdf_size} />
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </ContentPage>
  );
}
