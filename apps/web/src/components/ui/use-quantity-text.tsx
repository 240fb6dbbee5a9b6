import {
  MAX_QUANTITY,
  readQuantity,
  type QuantityReading,
  type QuantityRefusal,
} from '@wholesale/contract';
import { useCallback, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A refusal the buyer is told about: an empty box is not one (each box knows what empty means). */
type Shown = Exclude<QuantityRefusal, 'empty'>;

/** The refusal to show for a reading, if any. */
export function shownRefusal(reading: QuantityReading): Shown | null {
  return reading.ok || reading.reason === 'empty' ? null : reading.reason;
}

/** Why the text of a quantity box was refused, in the buyer's words; `id` ties it to the box. */
export function QuantityRefusalMessage({
  id,
  refusal,
  text,
}: {
  id: string;
  refusal: Shown;
  text: string;
}) {
  const { t } = useTranslation();
  return (
    <p id={id} className="qty-refusal" role="alert">
      {t(`quantity.${refusal}`, { text: text.trim(), max: MAX_QUANTITY })}
    </p>
  );
}

/**
 * The text of a quantity box (docs/product/cart-and-orders.md#quantity). Whatever is typed stays in
 * the box as typed and is read with the contract's `readQuantity`: a refused entry is kept, marked
 * invalid and explained under the box (`message`, tied to the box by aria-describedby), so the
 * buyer sees why nothing was ordered; a negative entry shows 'NA', cleared when the box is focused
 * again. `commit` gets the box's reading on blur and on Enter. NOTE: the box used to drop the
 * characters it refused, so `2.5` became 25 packs and `1e3` 13: never filter keystrokes.
 */
export function useQuantityText(initial: string, commit: (reading: QuantityReading) => void) {
  const messageId = useId();
  const [text, setTextState] = useState(initial);
  const [refusal, setRefusal] = useState<Shown | null>(null);
  const read = (raw: string) => {
    const reading = readQuantity(raw);
    setRefusal(shownRefusal(reading));
    return reading;
  };
  /** Puts a number (or '') in the box and forgets any refusal. */
  const setText = useCallback((next: string) => {
    setTextState(next);
    setRefusal(null);
  }, []);
  const na = refusal === 'negative';
  const input = {
    value: na ? 'NA' : text,
    'aria-invalid': refusal !== null || undefined,
    'aria-describedby': refusal ? messageId : undefined,
    onFocus: () => {
      if (na) setText('');
    },
    onChange: (e: { target: { value: string } }) => {
      // Typing over the 'NA' state starts again from what was typed after it.
      const next = na && e.target.value.startsWith('NA') ? e.target.value.slice(2) : e.target.value;
      setTextState(next);
      read(next);
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => commit(read(na ? text : e.target.value)),
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') commit(read(na ? text : e.currentTarget.value));
    },
  };
  const message = refusal ? (
    <QuantityRefusalMessage id={messageId} refusal={refusal} text={text} />
  ) : null;
  return { valid: refusal === null, setText, input, message };
}
