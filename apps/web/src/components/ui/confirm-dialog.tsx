import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ConfirmOptions, PendingConfirm } from './confirm-dialog-view';

// The dialog's code (Radix and its styles) is fetched on the first question: most pages that can ask
// (the cart among them) never do, and their first load should not carry it.
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

/**
 * An accessible replacement for `window.confirm`: `const [confirm, confirmDialog] = useConfirm()`,
 * render `confirmDialog`, then `if (!(await confirm(question))) return;`. A modal Radix dialog with
 * the alertdialog role, in the interface language; Cancel has the focus, Escape cancels, a click
 * outside does nothing.
 */
export function useConfirm(): [
  (message: string, options?: ConfirmOptions) => Promise<boolean>,
  ReactNode,
] {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  // Once asked, the dialog stays mounted so that closing runs as it always did (focus given back).
  const [asked, setAsked] = useState(false);

  const confirm = useCallback(
    (message: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        setAsked(true);
        setReturnFocus(
          document.activeElement instanceof HTMLElement ? document.activeElement : null,
        );
        setPending({
          ...options,
          message,
          answer: (yes) => {
            setPending(null);
            resolve(yes);
          },
        });
      }),
    [],
  );

  const dialog = asked ? (
    <Suspense fallback={null}>
      <ConfirmDialogView pending={pending} returnFocus={returnFocus} />
    </Suspense>
  ) : null;

  return [confirm, dialog];
}
