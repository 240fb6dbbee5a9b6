import type { BuyerPriceReason, LineNextBreak, ProductCard } from '@wholesale/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/lib/money';
import './customer-price.css';

/*
 * A signed-in customer's own price (docs/product/pricing.md "What the buyer sees"): their unit price,
 * the selling price struck through when theirs is lower, why (in words) and the volume breaks.
 * Only customers with a price list receive `customer_price`, so this file and its words load in a
 * chunk of their own (product-card.tsx, product-detail.tsx), never with the home route's first paint.
 */

/** The reason in words; none for the plain selling price (the label says it is theirs). */
function reasonText(
  t: TFunction<'customer-price'>,
  reason: BuyerPriceReason | undefined,
): string | null {
  if (!reason || reason.kind === 'selling') return null;
  if (reason.kind === 'sale') return t('reason.sale');
  const list = reason.list_name ?? '';
  if ((reason.min_packs ?? 1) > 1) return t('reason.volume', { count: reason.min_packs, list });
  return reason.assignee === 'group' ? t('reason.group', { list }) : t('reason.customer', { list });
}

/**
 * The buyer's price, with the selling price struck through before it when theirs is lower. One
 * box, so a narrow card wraps the pair together under "Your price" (at 390 px the struck price
 * alone stayed beside the label and read as the buyer's price).
 */
function PriceFigures({ product, price }: { product: ProductCard; price: number }) {
  const { t } = useTranslation('customer-price');
  const money = useMoney(product.country);
  const selling = product.selling_price;
  const lower = selling !== undefined && price < selling;
  return (
    <span className="customer-price__figures">
      {lower && (
        <>
          <s
            className="product-card__list-price"
            aria-label={t('wasPrice', { price: money(selling) })}
          >
            {money(selling)}
          </s>{' '}
        </>
      )}
      <strong className={lower ? 'product-card__sale-price' : undefined}>{money(price)}</strong>
    </span>
  );
}

function PriceBreaks({ product }: { product: ProductCard }) {
  const { t } = useTranslation('customer-price');
  const money = useMoney(product.country);
  const breaks = product.price_breaks ?? [];
  if (breaks.length === 0) return null;
  return (
    <ul className="customer-price__breaks" aria-label={t('breaks')}>
      {breaks.map((b) => (
        <li key={b.min_packs}>{t('break', { count: b.min_packs, price: money(b.unit_price) })}</li>
      ))}
    </ul>
  );
}

/** A product card's price lines for a customer with a price list (replaces the list price line). */
export function CustomerPriceLines({ product }: { product: ProductCard }) {
  const { t } = useTranslation('customer-price');
  const { t: catalogue } = useTranslation('catalogue');
  const money = useMoney(product.country);
  const price = product.customer_price;
  if (price === undefined) return null;
  const reason = reasonText(t, product.price_reason);
  return (
    <div className="customer-price">
      <p className="product-card__prices">
        <span className="product-card__price-label">{t('yourPrice')}</span>{' '}
        <PriceFigures product={product} price={price} />
        {product.retail_price !== undefined && (
          <span className="product-card__retail">
            {catalogue('card.retailPrice')} {money(product.retail_price)}
          </span>
        )}
      </p>
      {reason && <p className="customer-price__reason">{reason}</p>}
      <PriceBreaks product={product} />
    </div>
  );
}

/** The product page's price fields (a <dl>'s terms and details) for a customer with a price list. */
export function CustomerPriceFields({ product }: { product: ProductCard }) {
  const { t } = useTranslation('customer-price');
  const price = product.customer_price;
  if (price === undefined) return null;
  const reason = reasonText(t, product.price_reason);
  const hasBreaks = (product.price_breaks ?? []).length > 0;
  return (
    <>
      <dt>{t('yourPrice')}</dt>
      <dd>
        <PriceFigures product={product} price={price} />
        {reason && <span className="customer-price__reason"> {reason}</span>}
      </dd>
      {hasBreaks && (
        <>
          <dt>{t('breaks')}</dt>
          <dd>
            <PriceBreaks product={product} />
          </dd>
        </>
      )}
    </>
  );
}

/**
 * Why a cart or order line costs its price, in the card's words (the cart, the buyer's order, the
 * phone order and the desk): nothing for the plain selling price or a line ordered before reasons
 * were kept.
 */
export function PriceReasonText({ reason }: { reason: BuyerPriceReason | null }) {
  const { t } = useTranslation('customer-price');
  const text = reasonText(t, reason ?? undefined);
  return text ? <span className="customer-price__reason">{text}</span> : null;
}

/** A cart line's next volume break: "2 more ship packs for CA$0.20 each"; nothing when there is none. */
export function NextBreakText({
  next,
  money,
}: {
  next: LineNextBreak | null;
  money: (dollars: number) => string;
}) {
  const { t } = useTranslation('customer-price');
  if (!next) return null;
  return (
    <span className="customer-price__next">
      {t('nextBreak', { count: next.more_packs, price: money(next.price) })}
    </span>
  );
}
