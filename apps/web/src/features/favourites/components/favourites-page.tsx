import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductGrid } from '@/components/product/product-grid';
import { ListStatus } from '@/components/ui/list-status';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';
import { useFavourites } from '../api/get-favourites';
import './favourites.css';

/** /favorite and /favourite-view: the customer's favourites as product cards, with add-to-cart. */
export function FavouritesPage() {
  const { t } = useTranslation('favourites');
  const favourites = useFavourites();
  usePageTitle(t('title'));
  const list = favourites.data?.products;
  return (
    <section className="page container favourites-page" aria-labelledby="favourites-title">
      <h1 id="favourites-title">{t('title')}</h1>
      <ListStatus query={favourites} empty={list?.data.length === 0}>
        {t('empty')} <Link to={paths.home()}>{t('browse')}</Link>
      </ListStatus>
      {list && list.data.length > 0 ? (
        <>
          <p className="favourites-page__count">{t('count', { count: list.total })}</p>
          <ProductGrid products={list.data} label={t('title')} />
        </>
      ) : null}
    </section>
  );
}
