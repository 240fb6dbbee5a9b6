import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './confirm-dialog.css';

type ConfirmOptions = {
  /** The confirming button's text; "Confirm" by default. */
  confirmLabel?: string;
};
type Pending = ConfirmOptions & { message: string; answer: (yes: boolean) => void };

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
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);

  const confirm = useCallback(
    (message: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
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

  const dialog = (
    <Dialog.Root
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) pending?.answer(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content
          role="alertdialog"
          className="confirm-dialog"
          aria-describedby={undefined}
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger: give the focus back to what had it when asked.
            event.preventDefault();
            returnFocus?.focus();
          }}
        >
          <Dialog.Title className="confirm-dialog__message">{pending?.message}</Dialog.Title>
          <div className="confirm-dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => pending?.answer(false)}
            >
              {t('confirmDialog.cancel')}
            </button>
            <button type="button" className="button" onClick={() => pending?.answer(true)}>
              {pending?.confirmLabel ?? t('confirmDialog.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );

  return [confirm, dialog];
}
