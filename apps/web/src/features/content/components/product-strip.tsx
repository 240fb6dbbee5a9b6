import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductCard } from '@wholesale/contract';
import { paths } from '@/config/paths';

/** Product names are limited HTML (sanitised by the API); the strip shows their text only. */
export function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function onImageError(event: React.SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.dataset.fallback) {
    img.dataset.fallback = '1';
    img.src = '/images/placeholder.png';
  }
}

/**
 * A light row of product cards for the home page (best sellers, new arrivals): thumbnail, item number
 * and name linking to the product page. Prices stay on the listing and detail pages, so the home route
 * stays small.
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
        <ul className="product-strip" aria-busy="true" aria-label={t('home.loadingProducts')}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="product-strip__item product-strip__item--skeleton" />
          ))}
        </ul>
      ) : failed ? (
        <p className="content-note">{t('home.productsFailed')}</p>
      ) : products.length === 0 ? (
        <p className="content-note">{t('home.noProducts')}</p>
      ) : (
        <ul className="product-strip">
          {products.slice(0, 12).map((p) => {
            const name = plainText(p.name);
            return (
              <li key={`${p.product_id}-${p.country}`} className="product-strip__item">
                <Link to={paths.description(p.product_id, p.country)} className="product-strip__link">
                  <img src={p.image} alt="" width={130} height={140} loading="lazy" decoding="async" onError={onImageError} />
                  <span className="product-strip__id">{p.product_id.trim()}</span>
                  <span className="product-strip__name">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
