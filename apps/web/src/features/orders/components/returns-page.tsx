import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStatus } from '@/components/ui/list-status';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';
import { useReturns } from '../api/get-returns';
import { PrevNextPager } from './prev-next-pager';
import { ReturnList } from './return-list';

/** /profile/returns: the buyer's returns, newest first, with their status and credit notes. */
export function ReturnsPage() {
  const { t } = useTranslation('returns');
  const [page, setPage] = useState(1);
  const returns = useReturns({ page });
  usePageTitle(t('page.title'));
  const data = returns.data;
  return (
    <section className="page container returns-page" aria-labelledby="returns-title">
      <h1 id="returns-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <ListStatus query={returns} empty={data?.data.length === 0}>
        {t('page.empty')} <Link to={paths.order()}>{t('page.orders')}</Link>
      </ListStatus>
      {data && data.data.length ? <ReturnList returns={data.data} showOrder /> : null}
      {data && data.last_page > 1 ? (
        <PrevNextPager
          className="returns-page__pages"
          label={t('page.pages')}
          page={page}
          lastPage={data.last_page}
          onPage={setPage}
          previous={t('page.previous')}
          position={t('page.pageOf', { page: data.current_page, last: data.last_page })}
          next={t('page.next')}
        />
      ) : null}
    </section>
  );
}
