import { useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * The text of a quantity box (docs/product/cart-and-orders.md): what was typed, or 'NA' after a
 * negative entry, cleared when the box is focused again. `input` binds it to the box; `commit` gets
 * the box's text on blur and on Enter. Each box parses what is typed itself (`setText`, `setNa`).
 */
export function useQuantityText(initial: string, commit: (raw: string) => void) {
  const [text, setText] = useState(initial);
  const [na, setNa] = useState(false);
  const input = {
    value: na ? 'NA' : text,
    'aria-invalid': na || undefined,
    onFocus: () => {
      if (na) {
        setNa(false);
        setText('');
      }
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => commit(e.target.value),
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') commit(e.currentTarget.value);
    },
  };
  return { na, setNa, setText, input };
}
