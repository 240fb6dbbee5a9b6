import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCountry } from '@/lib/country';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useCarousel } from '../api/get-carousel';
import { useCatalogues } from '../api/get-catalogues';
import { useBestSellers, useNewArrivals } from '../api/get-home-products';
import { Carousel } from './carousel';
import { useDocumentTitle } from './use-document-title';
import './content.css';
import { useStoreName } from '@/lib/store-identity';

// The product sections use the shared product grid: loaded after the first paint so the home route's
// own JavaScript stays small (their data is fetched meanwhile, features/content/api/prefetch-home.ts).
const ProductStrip = lazy(() =>
  import('./product-strip').then((m) => ({ default: m.ProductStrip })),
);

/** A product section of the home page; its heading holds the place while the grid's code loads. */
function HomeStrip({
  id,
  title,
  query,
}: {
  id: string;
  title: string;
  query: ReturnType<typeof useBestSellers>;
}) {
  const fallback = (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="product-strip product-strip--loading" aria-hidden="true" />
    </section>
  );
  return (
    <Suspense fallback={fallback}>
      <ProductStrip
        id={id}
        title={title}
        products={query.data?.products.data ?? []}
        loading={query.isPending}
        failed={query.isError}
      />
    </Suspense>
  );
}

/**
 * Home `/`: carousel, catalogue promotion, best sellers and new arrivals. Each section loads on its own
 * so the first paint never waits for the slowest call.
 */
export function HomePage() {
  const { t } = useTranslation('content');
  const storeName = useStoreName();
  const { apiLang } = useLanguage();
  const country = useCountry();
  const { isSignedIn } = useSession();
  useDocumentTitle(t('home.title'), t('home.metaDescription'));
  const carousel = useCarousel(apiLang);
  const catalogues = useCatalogues(apiLang);
  const best = useBestSellers(apiLang, country, isSignedIn);
  const arrivals = useNewArrivals(apiLang, country, isSignedIn);
  const featured = catalogues.data?.data[0];

  return (
    <div className="page home">
      <h1 className="visually-hidden">{t('home.heading', { store: storeName })}</h1>
      {carousel.data ? (
        <Carousel slides={carousel.data.data} />
      ) : (
        <div className="carousel carousel--placeholder" aria-hidden={!carousel.isError}>
          {carousel.isError && <p className="content-note">{t('home.carouselFailed')}</p>}
        </div>
      )}

      {catalogues.isPending && (
        // Holds the promotion's place so the product sections below do not move when it arrives.
        <div className="catalogue-promo catalogue-promo--placeholder" aria-hidden="true" />
      )}
      {featured && (
        <section className="catalogue-promo" aria-labelledby="catalogue-promo-title">
          {featured.cover && (
            <img
              src={featured.cover}
              alt=""
              width={150}
              height={200}
              loading="lazy"
              decoding="async"
            />
          )}
          <div>
            <p className="catalogue-promo__kicker">{t('home.promoKicker')}</p>
            <h2 id="catalogue-promo-title">{featured.title}</h2>
            <p>{featured.description}</p>
            <p className="catalogue-promo__actions">
              <a className="button" href={featured.pdf} target="_blank" rel="noopener">
                {t('catalogues.open')}
              </a>
              <Link to={paths.catalogues()} className="button button--secondary">
                {t('home.allCatalogues')}
              </Link>
            </p>
          </div>
        </section>
      )}

      <HomeStrip id="home-best-sellers" title={t('home.bestSellers')} query={best} />
      <HomeStrip id="home-new-arrivals" title={t('home.newArrivals')} query={arrivals} />
    </div>
  );
}
