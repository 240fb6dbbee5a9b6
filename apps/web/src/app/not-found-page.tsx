import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/**
 * An address the shop does not have, inside the site's layout (header with its search, navigation,
 * footer): says so, points to the header's search box and offers a way home
 * (docs/product/overview-and-routes.md).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = t('notFound.title');
  }, [t]);
  // The header has a desktop and a phone search box; focus the one that is shown.
  const focusSearch = () => {
    const boxes = [
      ...document.querySelectorAll<HTMLInputElement>('header form[role="search"] input'),
    ];
    (boxes.find((box) => box.offsetParent !== null) ?? boxes[0])?.focus();
  };
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text', { path: pathname })}</p>
      <p className="not-found__actions">
        <button type="button" className="button" onClick={focusSearch}>
          {t('notFound.search')}
        </button>
        <Link className="button button--secondary" to={paths.home()}>
          {t('errorPage.home')}
        </Link>
      </p>
    </section>
  );
}
