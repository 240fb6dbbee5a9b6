import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import './confirm-dialog.css';

export type ConfirmOptions = {
  /** The confirming button's text; "Confirm" by default. */
  confirmLabel?: string;
};
export type PendingConfirm = ConfirmOptions & { message: string; answer: (yes: boolean) => void };

/** The modal Radix dialog behind `useConfirm` (confirm-dialog.tsx), loaded on the first question. */
export default function ConfirmDialogView({
  pending,
  returnFocus,
}: {
  pending: PendingConfirm | null;
  returnFocus: HTMLElement | null;
}) {
  const { t } = useTranslation();
  return (
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
            {/* Not SecondaryButton: the dialog's lazy chunk imports nothing the cart's first load
                also needs, so the cart never loads a file of the dialog (e2e bundle-budget). */}
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
}
