import { Fragment, lazy, Suspense, useState } from 'react';
import { activeSecondPrice, isUnavailable } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClassBadge } from '@/components/product/class-badge';
import { ContentTypeIcons } from '@/components/product/content-type-icons';
import { useProductActions } from '@/components/product/product-actions-context';
import { ProductGrid } from '@/components/product/product-grid';
import { ProductName } from '@/components/product/product-name';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { ProductThumb, plainName } from '@/components/ui/product-thumb';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMoney } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { useProductDescription } from '../api/get-product-description';
import { useAttributeLabel } from './use-attribute-label';
import './catalogue.css';
import { useStoreName } from '@/lib/store-identity';

// A customer's own price: only customers with a price list load it and its words.
const CustomerPriceFields = lazy(() =>
  import('@/components/product/customer-price').then((m) => ({
    default: m.CustomerPriceFields,
  })),
);

/** The product page's picture and text column as grey blocks of their final size while it loads. */
function ProductDetailSkeleton() {
  return (
    <div className="page product-detail" aria-hidden="true">
      <div className="product-detail__main">
        <div className="product-detail__media">
          <Skeleton className="product-detail__skeleton-image" />
        </div>
        <div className="product-detail__info">
          <Skeleton className="product-detail__skeleton-line product-detail__skeleton-line--short" />
          <Skeleton className="product-detail__skeleton-title" />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="product-detail__skeleton-line" />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The main picture and, when there are several (docs/decisions/022-product-images.md), a strip of
 * thumbnail buttons that show each one in its place (Tab to reach them, Enter or Space to show).
 */
function ProductPictures({
  name,
  image,
  images,
}: {
  name: string;
  image: string;
  images: string[];
}) {
  const { t } = useTranslation('catalogue');
  const [selected, setSelected] = useState(0);
  const count = images.length;
  const main = images[selected] ?? images[0] ?? image;
  const alt = (index: number) =>
    count > 1 ? t('detail.pictureAlt', { name, position: index + 1, total: count }) : name;
  return (
    <>
      <ProductThumb key={main} src={main} alt={alt(selected)} size={360} priority />
      {count > 1 && (
        <ul className="product-detail__thumbs" aria-label={t('detail.pictures', { name })}>
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                aria-pressed={index === selected}
                aria-label={t('detail.showPicture', { position: index + 1, total: count })}
                onClick={() => setSelected(index)}
              >
                <img src={src} alt="" width={64} height={69} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /description/:product_id/:country — large image, every field, description and related products. */
export function ProductDetail({ productId, country }: { productId: string; country: string }) {
  const { t } = useTranslation('catalogue');
  const storeName = useStoreName();
  const { FavouriteToggle, AddToCart } = useProductActions();
  const money = useMoney(country);
  const attribute = useAttributeLabel();
  const query = useProductDescription(productId, country);
  const product = query.data;
  usePageMeta(
    product
      ? {
          title: `${plainName(product.name)} (${product.product_id}) | ${storeName}`,
          // The catalogue's words only: never a price or a stock figure.
          description:
            plainName(product.description) ||
            t('meta.product', { name: plainName(product.name), id: product.product_id }),
          image: product.image,
        }
      : null,
  );
  if (query.isPending) {
    return (
      <>
        <LoadingOverlay />
        <ProductDetailSkeleton />
      </>
    );
  }
  if (query.isError || !product) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="page" aria-labelledby="detail-title">
        <h1 id="detail-title">{notFound ? t('detail.notFound') : t('listing.error')}</h1>
        <Link to={paths.home()}>{t('detail.backHome')}</Link>
      </section>
    );
  }
  const priced = product.selling_price !== undefined;
  const available = product.available ?? 0;
  const unavailable = isUnavailable(available, product.class);
  const second = activeSecondPrice(product);
  const asIs = (value: string) => value;
  // The fields a product may lack: each shown only when it has a value, colour, type and size in
  // the interface language.
  const optionalFields = [
    ['filters.brand', product.brand, asIs],
    ['filters.color', product.color, (v: string) => attribute('colour', v)],
    ['filters.type', product.type, (v: string) => attribute('type', v)],
    ['filters.size', product.size, (v: string) => attribute('size', v)],
    ['detail.barcode', product.barcode, asIs],
  ] as const;
  return (
    <article className="page product-detail" aria-labelledby="detail-title">
      {product.categories.length > 0 && (
        <nav aria-label={t('detail.breadcrumb')} className="breadcrumb">
          <ol>
            {product.categories.map((c, i) => (
              <li key={c.cat_code}>
                <Link
                  to={paths.products({
                    name: product.categories[0].name,
                    category: c.category,
                    catCode: c.cat_code,
                  })}
                >
                  {c.category}
                </Link>
                {i < product.categories.length - 1 && <span aria-hidden="true"> › </span>}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="product-detail__main">
        <div className="product-detail__media">
          <ProductPictures
            key={product.product_id}
            name={plainName(product.name)}
            image={product.image}
            images={product.images}
          />
          {FavouriteToggle && <FavouriteToggle product={product} />}
        </div>
        <div className="product-detail__info">
          <p className="product-detail__id">
            <ClassBadge productClass={product.class} size={28} keepPlace={false} />{' '}
            {product.product_id}
          </p>
          <ProductName html={product.name} as="h1" className="product-detail__name" />
          <span id="detail-title" className="visually-hidden">
            {plainName(product.name)}
          </span>
          <dl className="product-detail__fields">
            <dt>{t('detail.class')}</dt>
            <dd>{product.class_label}</dd>
            {optionalFields.map(
              ([label, value, shown]) =>
                value && (
                  <Fragment key={label}>
                    <dt>{t(label)}</dt>
                    <dd>{shown(value)}</dd>
                  </Fragment>
                ),
            )}
            <dt>{t('detail.shipPack')}</dt>
            <dd>{product.ship_pac}</dd>
            {priced && product.customer_price !== undefined && (
              <Suspense fallback={null}>
                <CustomerPriceFields product={product} />
              </Suspense>
            )}
            {priced && product.customer_price === undefined && (
              <>
                <dt>{t('card.listPrice')}</dt>
                <dd>
                  {second !== null ? (
                    <>
                      <s>{money(product.selling_price!)}</s>{' '}
                      <strong className="product-card__sale-price">{money(second)}</strong>
                    </>
                  ) : (
                    <strong>{money(product.selling_price!)}</strong>
                  )}
                </dd>
              </>
            )}
            {priced && (
              <>
                <dt>{t('card.retailPrice')}</dt>
                <dd>{money(product.retail_price ?? 0)}</dd>
                <dt>{t('detail.stock')}</dt>
                <dd className={unavailable ? 'product-card__stock--out' : undefined}>
                  {unavailable
                    ? t('card.outOfStock')
                    : available > 0
                      ? t('card.available', { count: available })
                      : t('card.comingSoon')}
                </dd>
              </>
            )}
          </dl>
          {!priced && <p className="product-detail__sign-in">{t('detail.signInForPrices')}</p>}
          <ContentTypeIcons types={product.types} />
          {AddToCart && <AddToCart product={product} />}
        </div>
      </div>
      {product.description && (
        <section className="product-detail__description" aria-labelledby="detail-description">
          <h2 id="detail-description">{t('detail.description')}</h2>
          <p>{plainName(product.description)}</p>
        </section>
      )}
      {product.related.length > 0 && (
        <section aria-labelledby="detail-related" className="product-detail__related">
          <h2 id="detail-related">{t('detail.related')}</h2>
          <ProductGrid products={product.related} />
        </section>
      )}
    </article>
  );
}
