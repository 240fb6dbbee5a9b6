import {
  formatMoney,
  readQuantity,
  toCents,
  MAX_QUANTITY,
  type CartLine,
  type CartResponse,
  type Country,
} from '@wholesale/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorAria, FieldError, StaffTextField } from '@/components/ui/form-field';
import { LabelledTable } from '@/components/ui/labelled-table';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffAlert } from '@/components/ui/staff-alert';
import { SecondaryButton, SubmitButton } from '@/components/ui/buttons';
import { shownRefusal } from '@/components/ui/use-quantity-text';
import { refusedFields } from '@/lib/refused-fields';
import { useAddPhoneCartLine } from '../api/add-phone-cart-line';
import { usePhoneCart } from '../api/get-phone-order';
import { useRemovePhoneCartLine } from '../api/remove-phone-cart-line';
import { useSetPhoneCartLine } from '../api/set-phone-cart-line';
import { lineAmountColumns } from './line-amounts';
import { usePhoneErrorMessage } from './phone-errors';

type CartProps = { customerId: number; name: string; country: Country };

/**
 * Why a typed quantity is not a line's packs, in the staff member's words; '' when it is one.
 * Read by the buyer's rule (contract readQuantity: 2.5 is refused, never read as 25); at least one
 * pack, since a line is removed with its own button.
 */
function useQuantityProblem(): (text: string) => string {
  const { t } = useTranslation(['admin-orders', 'common']);
  return (text) => {
    const reading = readQuantity(text);
    const refusal = shownRefusal(reading);
    if (refusal) return t(`common:quantity.${refusal}`, { text: text.trim(), max: MAX_QUANTITY });
    return reading.ok && reading.value >= 1 ? '' : t('phone.invalid.item');
  };
}

/**
 * After a write: `done` when the cart took the packs asked for, else a warning that stock held the
 * line back (as the buyer's own cart says it).
 */
function useWriteToast(): (cart: CartResponse, done: (packs: number) => string) => void {
  const { t } = useTranslation('admin-orders');
  return (cart, done) => {
    const n = cart.notice;
    if (!n) return;
    if (n.clamped)
      toast.warning(t('phone.add.clamped', { product: n.product_id, packs: n.quantity }));
    else toast.success(done(n.quantity));
  };
}

/**
 * The form staff type into while the customer reads out a code and a quantity: Enter adds it to
 * the customer's cart, the code box is cleared and focused again for the next one. A refusal is
 * shown under the field it names (the code, the packs) and in a toast.
 */
function AddLineForm({ customerId, country }: { customerId: number; country: Country }) {
  const { t } = useTranslation('admin-orders');
  const base = useId();
  const add = useAddPhoneCartLine(customerId);
  const errorMessage = usePhoneErrorMessage(country);
  const quantityProblem = useQuantityProblem();
  const writeToast = useWriteToast();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [packs, setPacks] = useState('1');
  const [errors, setErrors] = useState<{ product_id?: string; item?: string }>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...(code.trim() ? {} : { product_id: t('phone.invalid.product_id') }),
      ...(quantityProblem(packs) ? { item: quantityProblem(packs) } : {}),
    };
    setErrors(found);
    if (found.product_id || found.item) return;
    const reading = readQuantity(packs);
    add.mutate(
      { product_id: code.trim(), item: reading.ok ? reading.value : 0 },
      {
        onSuccess: (cart) => {
          writeToast(cart, (n) => t('phone.add.added', { product: code.trim(), packs: n }));
          setCode('');
          setPacks('1');
          codeRef.current?.focus();
        },
        onError: (error) => {
          const text = errorMessage(error);
          const named = refusedFields(error, ['product_id', 'item'] as const, (field, refusal) =>
            refusal.reason ? text : t(`phone.invalid.${field}`),
          );
          setErrors(named && Object.keys(named).length ? named : { product_id: text });
          toast.error(text);
        },
      },
    );
  };

  return (
    <form
      className="phone-add"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${base}-title`}
      aria-busy={add.isPending}
    >
      <h3 id={`${base}-title`}>{t('phone.add.title')}</h3>
      <div className="phone-add__fields">
        <StaffTextField
          id={`${base}-code`}
          label={t('phone.add.code')}
          error={errors.product_id}
          className="admin-people__field phone-add__code"
          inputRef={codeRef}
          value={code}
          onChange={setCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder={t('phone.add.codePlaceholder')}
        />
        <StaffTextField
          id={`${base}-packs`}
          label={t('phone.add.packs')}
          error={errors.item}
          className="admin-people__field phone-add__packs"
          value={packs}
          onChange={setPacks}
          inputMode="numeric"
          autoComplete="off"
        />
        <SubmitButton pending={add.isPending} busy={t('phone.add.adding')}>
          {t('phone.add.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * A line's packs, changed in place: Enter or leaving the box sends the new number (nothing is sent
 * when it did not change). After every answer the box shows what the cart holds: the clamped
 * number, or the old one after a refusal.
 */
function LineQuantity({
  line,
  error,
  onCommit,
}: {
  line: CartLine;
  error?: string;
  onCommit: (text: string) => void;
}) {
  const { t } = useTranslation('admin-orders');
  const id = `phone-line-${line.id}-packs`;
  const [text, setText] = useState(String(line.item));
  // The cart's answer (clamped, or put back after a refusal) replaces what was typed; the box
  // keeps its focus (a new key would draw a new box and lose it after Enter).
  const [shown, setShown] = useState(line.item);
  if (shown !== line.item) {
    setShown(line.item);
    setText(String(line.item));
  }
  return (
    <span className="phone-line-qty">
      <input
        id={id}
        aria-label={t('phone.line.packs', { product: line.product_id })}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        size={5}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => onCommit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text);
        }}
        {...errorAria(id, error)}
      />
      <FieldError id={id} error={error} />
    </span>
  );
}

/**
 * The customer's cart as they see it, which lines the order will take, and staff's changes to it
 * while the customer is on the phone: add by code, each line's packs, remove a line.
 */
export function CustomerCart({ customerId, name, country }: CartProps) {
  const { t, i18n } = useTranslation('admin-orders');
  const cart = usePhoneCart(customerId);
  const setLine = useSetPhoneCartLine(customerId);
  const removeLine = useRemovePhoneCartLine(customerId);
  const errorMessage = usePhoneErrorMessage(country);
  const quantityProblem = useQuantityProblem();
  const writeToast = useWriteToast();
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const money = (dollars: number) => formatMoney(i18n.language, country)(toCents(dollars));
  const ordered = (l: CartLine) => l.selected && l.item > 0;
  const lines = cart.data?.products ?? [];
  const selectedTotal = lines.filter(ordered).reduce((sum, l) => sum + toCents(l.line_total), 0);
  const lineError = (lineId: number, text: string) =>
    setLineErrors((all) => ({ ...all, [lineId]: text }));

  const commitPacks = (l: CartLine, text: string) => {
    const problem = quantityProblem(text);
    lineError(l.id, problem);
    const reading = readQuantity(text);
    if (problem || !reading.ok || reading.value === l.item) return;
    setLine.mutate(
      { lineId: l.id, item: reading.value },
      {
        onSuccess: (answer) =>
          writeToast(answer, (n) => t('phone.line.changed', { product: l.product_id, packs: n })),
        onError: (error) => {
          const text = errorMessage(error);
          lineError(l.id, text);
          toast.error(text);
        },
      },
    );
  };
  const remove = (l: CartLine) =>
    removeLine.mutate(l.id, {
      onSuccess: () => toast.success(t('phone.line.removed', { product: l.product_id })),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section aria-labelledby="phone-cart-title" className="phone-cart">
      <h2 id="phone-cart-title">{t('phone.cart')}</h2>
      <p>
        <SecondaryButton disabled={cart.isFetching} onClick={() => void cart.refetch()}>
          {t('phone.reload')}
        </SecondaryButton>
      </p>
      <AddLineForm customerId={customerId} country={country} />
      {cart.isPending ? <LoadingOverlay /> : null}
      {cart.isError ? <StaffAlert>{errorMessage(cart.error)}</StaffAlert> : null}
      {cart.data && lines.length === 0 ? <p role="status">{t('phone.cartEmpty')}</p> : null}
      {lines.length > 0 ? (
        <>
          <p>{t('phone.selectedNote')}</p>
          <LabelledTable
            caption={t('phone.cartCaption', { name })}
            className="stacked-table"
            label={(c) => t(`phone.columns.${c}`)}
            rows={lines}
            rowTestId={(l) => `phone-line-${l.product_id}`}
            hidden={['remove']}
            columns={[
              {
                id: 'product',
                cell: (l) => (
                  <>
                    <strong>{l.product_id}</strong> {l.name}
                    {l.unavailable ? (
                      <>
                        {' '}
                        <em>({t('phone.unavailable')})</em>
                      </>
                    ) : null}
                  </>
                ),
              },
              ...lineAmountColumns(money, 'total').map((c) =>
                c.id === 'packs'
                  ? {
                      id: c.id,
                      cell: (l: CartLine) => (
                        <LineQuantity
                          line={l}
                          error={lineErrors[l.id] || undefined}
                          onCommit={(text) => commitPacks(l, text)}
                        />
                      ),
                    }
                  : c,
              ),
              {
                id: 'ordered',
                cell: (l) => (ordered(l) ? t('phone.selected') : t('phone.notSelected')),
              },
              {
                id: 'remove',
                cell: (l) => (
                  <SecondaryButton
                    aria-label={t('phone.line.remove', { product: l.product_id })}
                    onClick={() => remove(l)}
                  >
                    {t('phone.line.removeShort')}
                  </SecondaryButton>
                ),
              },
            ]}
          />
          <p>
            <strong>
              {t('phone.selectedTotal', {
                total: formatMoney(i18n.language, country)(selectedTotal),
              })}
            </strong>
          </p>
        </>
      ) : null}
    </section>
  );
}
