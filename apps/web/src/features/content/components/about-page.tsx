import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useStoreName } from '@/lib/store-identity';
import { useDocumentTitle } from './use-document-title';
import './content.css';

/** /about-us: who the distributor is and what trade customers get. */
export function AboutPage() {
  const { t } = useTranslation('content');
  const storeName = useStoreName();
  useDocumentTitle(t('about.title'));
  const points = t('about.points', { returnObjects: true }) as string[];
  return (
    <article className="page content-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('about.title')}</h1>
      <p className="content-lead">{t('about.lead', { store: storeName })}</p>
      <p>{t('about.history')}</p>
      <h2>{t('about.offerTitle')}</h2>
      <ul className="content-list">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <h2>{t('about.accountTitle')}</h2>
      <p>{t('about.account')}</p>
      <p className="content-actions">
        <Link className="button" to={paths.register()}>
          {t('about.openAccount')}
        </Link>
        <Link className="button button--secondary" to={paths.customerSupport()}>
          {t('about.contact')}
        </Link>
      </p>
    </article>
  );
}
