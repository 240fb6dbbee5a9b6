import {
  activeSecondPrice,
  isUnavailable,
  type ProductCard as ProductCardDto,
} from '@wholesale/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductThumb } from '@/components/ui/product-thumb';
import { ClassBadge } from './class-badge';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/money';
import { ContentTypeIcons } from './content-type-icons';
import { useProductActions } from './product-actions-context';
import { ProductName } from './product-name';
import { usePainted } from './use-painted';
import './product.css';

// A customer's own price, for customers with a price list only: its code and words stay out of the
// home route's first load (e2e/bundle-budget.e2e.ts).
const CustomerPriceLines = lazy(() =>
  import('./customer-price').then((m) => ({ default: m.CustomerPriceLines })),
);

/**
 * The card's class badge and thumbnail. Only a priority card's thumbnail is asked for in the first
 * render; the badge and the other thumbnails (a grey placeholder until then) once it is painted, so
 * they never compete with the page's largest paint (use-painted.ts).
 */
function CardPictures({ product, priority }: { product: ProductCardDto; priority: boolean }) {
  const { t } = useTranslation('catalogue');
  const painted = usePainted();
  const href = paths.description(product.product_id, product.country);
  return (
    <>
      {painted && (
        <ClassBadge
          className="product-card__badge"
          productClass={product.class}
          alt={t('card.classBadge', { class: product.class })}
          size={36}
        />
      )}
      <Link to={href} className="product-card__image-link" tabIndex={-1} aria-hidden="true">
        <ProductThumb
          src={priority || painted ? product.image : ''}
          alt=""
          size={130}
          priority={priority}
        />
      </Link>
    </>
  );
}

/**
 * docs/product/catalogue.md product card: class badge; 130×140 thumbnail with a placeholder when it fails; heart
 * toggle (slot); product id; list price (struck through when a second selling price exists) and
 * retail price — only when the API sent them, i.e. to signed-in customers; a customer with a price
 * list sees their own price, its reason and volume breaks instead of the list price; name as sanitised HTML;
 * ship pack size; availability line; content-type icons; the add-to-cart slot (quantity box with the
 * ship-pack multiplier, disabled when unavailable). `footer` replaces the add-to-cart slot.
 */
export function ProductCard({
  product,
  footer,
  priority = false,
}: {
  product: ProductCardDto;
  footer?: ReactNode;
  /** The picture is fetched at once (a listing's first cards, docs/product/storefront-ux.md). */
  priority?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const { FavouriteToggle, AddToCart } = useProductActions();
  const money = useMoney(product.country);
  const priced = product.selling_price !== undefined;
  const second = activeSecondPrice(product);
  const hasSecond = second !== null;
  const available = product.available ?? 0;
  const unavailable = isUnavailable(available, product.class);
  const href = paths.description(product.product_id, product.country);
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-id`}>
      <div className="product-card__media">
        <CardPictures product={product} priority={priority} />
        {FavouriteToggle && (
          <div className="product-card__favourite">
            <FavouriteToggle product={product} />
          </div>
        )}
      </div>
      <div className="product-card__body">
        <Link to={href} className="product-card__id" id={`product-${product.id}-id`}>
          {product.product_id}
        </Link>
        {priced && product.customer_price !== undefined && (
          <Suspense fallback={<p className="product-card__prices" />}>
            <CustomerPriceLines product={product} />
          </Suspense>
        )}
        {priced && product.customer_price === undefined && (
          <p className="product-card__prices">
            <span className="product-card__price-label">{t('card.listPrice')}</span>{' '}
            {hasSecond ? (
              <>
                <s
                  className="product-card__list-price"
                  aria-label={t('card.wasPrice', {
                    price: money(product.selling_price!),
                  })}
                >
                  {money(product.selling_price!)}
                </s>{' '}
                <strong className="product-card__sale-price">{money(second!)}</strong>
              </>
            ) : (
              <strong>{money(product.selling_price!)}</strong>
            )}
            {product.retail_price !== undefined && (
              <span className="product-card__retail">
                {t('card.retailPrice')} {money(product.retail_price)}
              </span>
            )}
          </p>
        )}
        <Link to={href} className="product-card__name-link">
          <ProductName html={product.name} className="product-card__name" />
        </Link>
        <p className="product-card__pack">{t('card.shipPack', { count: product.ship_pac })}</p>
        {priced && (
          <p className={`product-card__stock${unavailable ? ' product-card__stock--out' : ''}`}>
            {unavailable
              ? t('card.outOfStock')
              : available > 0
                ? t('card.available', { count: available })
                : t('card.comingSoon')}
          </p>
        )}
        <ContentTypeIcons types={product.types} />
        <div className="product-card__actions">
          {footer ?? (AddToCart ? <AddToCart product={product} /> : null)}
        </div>
      </div>
    </article>
  );
}
