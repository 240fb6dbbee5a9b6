import { clampQuantity, isUnavailable, parseQuantity, type ProductCard } from '@wholesale/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { plainName } from '@/components/ui/product-thumb';
import { useQuantityText } from '@/components/ui/use-quantity-text';

/**
 * docs/product/cart-and-orders.md quantity box of the group page: only an optional minus and digits; a negative entry
 * shows 'NA'; above available it is clamped (not for class N); disabled when unavailable; the
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
  const { setNa, setText, input } = useQuantityText(value ? String(value) : '', (raw) =>
    commit(raw),
  );
  const available = product.available ?? 0;
  const disabled = isUnavailable(available, product.class);
  const commit = (raw: string) => {
    const parsed = parseQuantity(raw);
    if (!parsed || parsed.kind === 'na') return;
    if (parsed.kind === 'empty') {
      onChange(0);
      return;
    }
    const { quantity } = clampQuantity(parsed.value, available, product.class);
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
        onChange={(e) => {
          const next = e.target.value;
          const parsed = parseQuantity(next);
          if (parsed === null) return;
          setNa(parsed.kind === 'na');
          setText(next);
        }}
      />
      <span className="group-qty__pack">× {product.ship_pac}</span>
    </div>
  );
}
