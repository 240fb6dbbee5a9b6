import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductCard } from '@wholesale/contract';
import { ProductGrid } from '@/components/product/product-grid';

/**
 * A home page section of product cards (best sellers, new arrivals) using the shared product grid, so
 * signed-in customers see prices, the favourite heart and add-to-cart as on every listing.
 */
export function ProductStrip({
  id,
  title,
  products,
  loading,
  failed,
  moreLink,
}: {
  id: string;
  title: string;
  products: ProductCard[];
  loading: boolean;
  failed: boolean;
  moreLink?: string;
}) {
  const { t } = useTranslation('content');
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        {moreLink && <Link to={moreLink}>{t('home.seeAll')}</Link>}
      </div>
      {loading ? (
        <div className="product-strip product-strip--loading" role="status">
          <span className="visually-hidden">{t('home.loadingProducts')}</span>
        </div>
      ) : failed ? (
        <p className="content-note">{t('home.productsFailed')}</p>
      ) : products.length === 0 ? (
        <p className="content-note">{t('home.noProducts')}</p>
      ) : (
        <ProductGrid products={products.slice(0, 10)} label={title} />
      )}
    </section>
  );
}
