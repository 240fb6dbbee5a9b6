import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatMoney } from '@wholesale/contract';
import { errorAria, FieldError, StaffTextField } from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useReturnableLines } from '../api/get-returnable-lines';
import { useRequestReturn } from '../api/request-return';
import '@/components/ui/confirm-dialog.css';
import '@/components/ui/form-field.css';
import './returns.css';
import { SubmitButton } from '@/components/ui/buttons';

/**
 * "Request a return" on the buyer's order page: a modal form listing the order's lines with the
 * packs that may still be asked back (a line not shipped, or shipped more than 60 days ago, says
 * why it cannot), a quantity for each and the reason. Errors the server names (`lines.N`, `reason`)
 * stand under their field, in the buyer's language.
 */
export function RequestReturnDialog({ orderId, country }: { orderId: number; country: string }) {
  const { t, i18n } = useTranslation('returns');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button--secondary">
          {t('request.open')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog__overlay" />
        <Dialog.Content className="confirm-dialog return-dialog" aria-describedby="return-intro">
          <Dialog.Title>{t('request.title', { id: orderId })}</Dialog.Title>
          <p id="return-intro">{t('request.intro')}</p>
          {open ? (
            <ReturnForm
              orderId={orderId}
              money={formatMoney(i18n.language, country)}
              onDone={() => setOpen(false)}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReturnForm({
  orderId,
  money,
  onDone,
}: {
  orderId: number;
  money: (cents: number) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation('returns');
  const lines = useReturnableLines(orderId);
  const send = useRequestReturn(orderId);
  const errorMessage = useErrorMessage();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (lines.isPending) return <LoadingOverlay />;
  if (lines.isError) return <p role="alert">{errorMessage(lines.error)}</p>;
  const offered = lines.data.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = offered
      .map((l) => ({
        order_line_id: l.order_line_id,
        quantity: Number(quantities[l.order_line_id] ?? 0),
      }))
      .filter((l) => l.quantity > 0);
    const found: Record<string, string> = {};
    if (asked.length === 0) found.lines = t('request.chooseLine');
    if (!reason.trim()) found.reason = t('request.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate(
      { lines: asked, reason },
      {
        onSuccess: () => {
          toast.success(t('request.sent'));
          onDone();
        },
        onError: (error) => {
          const text = errorMessage(error);
          const fields = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
          const mapped: Record<string, string> = {};
          for (const field of fields) {
            const index = /^lines\.(\d+)/.exec(field);
            const line = index ? asked[Number(index[1])] : undefined;
            mapped[line ? `line-${line.order_line_id}` : field === 'reason' ? 'reason' : 'lines'] =
              text;
          }
          if (fields.length === 0) toast.error(text);
          setErrors(mapped);
        },
      },
    );
  };

  return (
    <form className="return-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('request.lines')}</legend>
        <ul className="return-form__lines">
          {offered.map((l) => {
            const id = `return-qty-${l.order_line_id}`;
            const error = errors[`line-${l.order_line_id}`];
            const why = !l.shipped_on
              ? t('request.notShipped')
              : !l.within_window
                ? t('request.tooLate', { date: l.shipped_on })
                : l.available === 0
                  ? t('request.nothingLeft')
                  : null;
            return (
              <li key={l.order_line_id} className="return-form__line">
                <label htmlFor={id}>
                  <strong>{l.product_code}</strong> {l.name.replace(/<[^>]*>/g, '')}
                  <span className="return-form__hint">
                    {why ??
                      t('request.available', {
                        count: l.available,
                        price: money(l.unit_price_cents * l.ship_pack),
                        date: l.last_day,
                      })}
                  </span>
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.available}
                  value={quantities[l.order_line_id] ?? ''}
                  placeholder="0"
                  disabled={why !== null}
                  onChange={(e) =>
                    setQuantities((q) => ({ ...q, [l.order_line_id]: e.target.value }))
                  }
                  {...errorAria(id, error)}
                />
                <FieldError id={id} error={error} />
              </li>
            );
          })}
        </ul>
        <FieldError id="return-lines" error={errors.lines} />
      </fieldset>
      <StaffTextField
        id="return-reason"
        label={t('request.reason')}
        error={errors.reason}
        className="form-field"
        rows={3}
        maxLength={1000}
        value={reason}
        onChange={setReason}
      />
      <div className="confirm-dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--secondary">
            {t('request.cancel')}
          </button>
        </Dialog.Close>
        <SubmitButton pending={send.isPending} busy={t('request.sending')}>
          {t('request.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
