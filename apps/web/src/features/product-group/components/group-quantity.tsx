import {
  clampQuantity,
  isUnavailable,
  type ProductCard,
  type QuantityReading,
} from '@wholesale/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { plainName } from '@/components/ui/product-thumb';
import { useQuantityText } from '@/components/ui/use-quantity-text';

/**
 * docs/product/cart-and-orders.md quantity box of the group page: only a whole number of ship packs counts;
 * anything else stays as typed with the reason under the box (a negative entry shows 'NA') and
 * counts as none; above available it is clamped (not for class N); disabled when unavailable; the
 * multiplier shows the ship pack size. Reports the committed count (0 = none).
 */
export function GroupQuantity({
  product,
  value,
  onChange,
}: {
  product: ProductCard;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const { setText, input, message } = useQuantityText(value ? String(value) : '', (reading) =>
    commit(reading),
  );
  const available = product.available ?? 0;
  const disabled = isUnavailable(available, product.class);
  const commit = (reading: QuantityReading) => {
    // A refused entry adds nothing: never another number than the one typed.
    if (!reading.ok) {
      onChange(0);
      return;
    }
    const { quantity } = clampQuantity(reading.value, available, product.class);
    setText(quantity ? String(quantity) : '');
    onChange(quantity);
  };
  return (
    <div className="group-qty">
      <label htmlFor={id} className="visually-hidden">
        {t('group.quantityFor', { name: plainName(product.name) })}
      </label>
      <input
        id={id}
        className="group-qty__input"
        inputMode="numeric"
        placeholder="0"
        disabled={disabled}
        {...input}
      />
      <span className="group-qty__pack">× {product.ship_pac}</span>
      {message}
    </div>
  );
}
