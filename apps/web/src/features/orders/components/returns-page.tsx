import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useReturns } from '../api/get-returns';
import { ReturnList } from './return-list';

/** /profile/returns: the buyer's returns, newest first, with their status and credit notes. */
export function ReturnsPage() {
  const { t } = useTranslation('returns');
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const returns = useReturns({ page });
  usePageTitle(t('page.title'));
  const data = returns.data;
  return (
    <section className="page container returns-page" aria-labelledby="returns-title">
      <h1 id="returns-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      {returns.isPending ? <LoadingOverlay /> : null}
      {returns.isError ? <p role="alert">{errorMessage(returns.error)}</p> : null}
      {data && data.data.length === 0 ? (
        <p>
          {t('page.empty')} <Link to={paths.order()}>{t('page.orders')}</Link>
        </p>
      ) : null}
      {data && data.data.length ? <ReturnList returns={data.data} showOrder /> : null}
      {data && data.last_page > 1 ? (
        <nav className="returns-page__pages" aria-label={t('page.pages')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('page.previous')}
          </button>
          <span>{t('page.pageOf', { page: data.current_page, last: data.last_page })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= data.last_page}
            onClick={() => setPage(page + 1)}
          >
            {t('page.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
