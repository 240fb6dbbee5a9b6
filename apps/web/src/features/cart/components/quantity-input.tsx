import { clampQuantity, parseQuantity } from '@wholesale/contract';
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
  /** Told whether the box holds a quantity that can be used (false while it shows 'NA'). */
  onValidityChange?: (valid: boolean) => void;
  min?: number;
};

/**
 * docs/product/cart-and-orders.md quantity box: only an optional minus and digits are accepted; a negative entry shows
 * 'NA' and is not committed; above available it is clamped (not for class N); disabled when the
 * product is unavailable. A multiplier shows the ship pack size.
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
  const { na, setNa, setText, input } = useQuantityText(String(value), (raw) => commit(raw));
  useEffect(() => {
    setText(String(value));
    setNa(false);
  }, [value, setNa, setText]);
  useEffect(() => onValidityChange?.(!na), [na, onValidityChange]);

  const commit = (raw: string) => {
    const parsed = parseQuantity(raw);
    if (!parsed || parsed.kind !== 'count') {
      if (parsed?.kind === 'na') return;
      setText(String(value));
      return;
    }
    const { quantity } = clampQuantity(Math.max(min, parsed.value), available, productClass);
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
      <input
        id={id}
        className={`qty__input${na ? ' qty__input--na' : ''}`}
        inputMode="numeric"
        disabled={disabled}
        {...input}
        onChange={(e) => {
          // Typing over the 'NA' state starts again from what was typed after it.
          const next =
            na && e.target.value.startsWith('NA') ? e.target.value.slice(2) : e.target.value;
          const parsed = parseQuantity(next);
          if (parsed === null) return; // refused: only an optional minus sign and digits
          if (parsed.kind === 'na') {
            setNa(true);
            setText(next);
            return;
          }
          setNa(false);
          setText(next);
        }}
      />
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
    </div>
  );
}
