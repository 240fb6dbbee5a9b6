import { useCallback, useRef, useState, type PointerEvent } from 'react';

/** What a person did to a control's look-alike before its code arrived: the real one carries it on. */
export type Reached = { open: boolean; focus: boolean };

/** The look-alike's handlers: a pointer over it, focus or a press starts loading the code. */
export type IntentHandlers = {
  onPointerEnter: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
};

/**
 * Loads a control's code when a person reaches for it (pointer over, focus, press) instead of with
 * the page, which draws a look-alike until then: a listing does not wait for, or share the network
 * with, a dropdown's and a dialog's code it may never use (docs/product/storefront-ux.md,
 * Lighthouse). `code` is null until loaded; `reached` says whether the look-alike was pressed
 * (open at once) or has the focus (take it over). A failed load is tried again on the next intent.
 */
export function useCodeOnIntent<C>(load: () => Promise<C>): {
  code: C | null;
  reached: Reached;
  intent: IntentHandlers;
} {
  const [code, setCode] = useState<C | null>(null);
  const [reached, setReached] = useState<Reached>({ open: false, focus: false });
  const loading = useRef(false);
  const start = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (loaded) => setCode(() => loaded),
      () => {
        loading.current = false;
      },
    );
  }, [load]);
  const press = () => {
    setReached({ open: true, focus: true });
    start();
  };
  const intent: IntentHandlers = {
    onPointerEnter: start,
    // A press counts from the pointer going down, as a menu opens: the real control may replace
    // the look-alike before the button comes up, and the click would then reach neither.
    onPointerDown: (event) => {
      if (event.button === 0) press();
    },
    onFocus: () => {
      setReached((r) => ({ ...r, focus: true }));
      start();
    },
    onBlur: () => setReached((r) => ({ ...r, focus: false })),
    onClick: press,
  };
  return { code, reached, intent };
}
