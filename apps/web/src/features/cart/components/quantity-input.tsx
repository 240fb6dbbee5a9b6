import { clampQuantity, type QuantityReading } from '@wholesale/contract';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuantityText } from '@/components/ui/use-quantity-text';

type Props = {
  value: number;
  available: number;
  productClass: string;
  shipPack: number;
  disabled?: boolean;
  label: string;
  /** Called with a valid, clamped quantity when the user commits (blur, Enter, +/-). */
  onCommit: (quantity: number) => void;
  /** Told whether the box holds a quantity that can be used (false while it shows a refusal). */
  onValidityChange?: (valid: boolean) => void;
  min?: number;
};

/**
 * docs/product/cart-and-orders.md quantity box: only a whole number of ship packs is committed; anything
 * else stays as typed with the reason under the box (a negative entry shows 'NA'); an empty box gets
 * the last quantity back; above available it is clamped (not for class N); disabled when the product
 * is unavailable. A multiplier shows the ship pack size.
 */
export function QuantityInput({
  value,
  available,
  productClass,
  shipPack,
  disabled,
  label,
  onCommit,
  onValidityChange,
  min = 1,
}: Props) {
  const { t } = useTranslation('cart');
  const id = useId();
  const { valid, setText, input, message } = useQuantityText(String(value), (reading) =>
    commit(reading),
  );
  useEffect(() => setText(String(value)), [value, setText]);
  useEffect(() => onValidityChange?.(valid), [valid, onValidityChange]);

  const commit = (reading: QuantityReading) => {
    if (!reading.ok) {
      if (reading.reason === 'empty') setText(String(value));
      return;
    }
    const { quantity } = clampQuantity(Math.max(min, reading.value), available, productClass);
    setText(String(quantity));
    if (quantity !== value && quantity >= min) onCommit(quantity);
  };

  const step = (delta: number) => {
    const { quantity } = clampQuantity(Math.max(min, value + delta), available, productClass);
    if (quantity !== value) onCommit(quantity);
  };

  return (
    <div className="qty">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <button
        type="button"
        className="qty__step"
        onClick={() => step(-1)}
        disabled={disabled || value <= min}
        aria-label={t('quantity.decrease')}
      >
        −
      </button>
      <input id={id} className="qty__input" inputMode="numeric" disabled={disabled} {...input} />
      <button
        type="button"
        className="qty__step"
        onClick={() => step(1)}
        disabled={disabled}
        aria-label={t('quantity.increase')}
      >
        +
      </button>
      <span className="qty__pack" aria-label={t('quantity.shipPack', { count: shipPack })}>
        × {shipPack}
      </span>
      {message}
    </div>
  );
}
