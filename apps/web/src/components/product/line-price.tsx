import type { LineNextBreak, LinePriceReason } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';

/**
 * Why a cart or order line costs its price (docs/product/customer-prices.md) in the reader's
 * language: the sale price, or the customer's price list and the pack count its price starts at.
 * Nothing for the catalogue's own selling price (or a line ordered before reasons were kept).
 * The buyer's cart, the phone order and the desk show the same reason from the same data.
 */
export function LinePriceReasonText({ reason }: { reason: LinePriceReason | null }) {
  const { t } = useTranslation();
  if (!reason || reason.kind === 'selling') return null;
  const text =
    reason.kind === 'sale'
      ? t('linePrice.sale')
      : reason.min_packs && reason.min_packs > 1
        ? t('linePrice.listFrom', { name: reason.list_name ?? '', count: reason.min_packs })
        : t('linePrice.list', { name: reason.list_name ?? '' });
  return <span className="line-price__reason">{text}</span>;
}

/** The line's next volume break: "2 more packs for CA$0.20 each"; nothing when there is none. */
export function LineNextBreakText({
  next,
  money,
}: {
  next: LineNextBreak | null;
  money: (dollars: number) => string;
}) {
  const { t } = useTranslation();
  if (!next) return null;
  return (
    <span className="line-price__next">
      {t('linePrice.nextBreak', { count: next.more_packs, price: money(next.price) })}
    </span>
  );
}
