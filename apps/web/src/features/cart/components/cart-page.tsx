import {
  OPENING_ORDER_MINIMUM_CENTS,
  cartTotalCents,
  isComingSoon,
  isUnavailable,
  meetsOpeningMinimum,
  shipDateProblem,
  shopToday,
  toCents,
  type CartLine,
} from '@wholesale/contract';
import { Trash2 } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductThumb, plainName } from '@/components/ui/product-thumb';
import { NextBreakText, PriceReasonText } from '@/components/product/customer-price';
import { ApiError } from '@/lib/api-client';
import { useCountry } from '@/lib/country';
import { useErrorMessage } from '@/lib/error-message';
import { useMoney } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { useCart } from '../api/get-cart';
import { useDeleteCartLine } from '../api/delete-cart-line';
import { usePlaceOrder } from '../api/place-order';
import { useSetCartItem } from '../api/set-cart-item';
import { useCheckout } from '../api/get-checkout';
import { CheckoutPanel, chosenAddress, type CheckoutChoices } from './checkout-panel';
import { QuantityInput } from './quantity-input';
import './cart.css';
import { SecondaryButton } from '@/components/ui/buttons';

/** docs/product/cart-and-orders.md total of the selected lines that are available or class N, from the cached lines. */
export function selectedTotalCents(lines: CartLine[]): number {
  return cartTotalCents(
    lines.map((l) => ({
      price_cents: toCents(l.price),
      selling_price_cents: toCents(l.selling_price),
      item: l.item,
      ship_pack: l.ship_pack,
      available: l.available,
      class: l.class,
      selected: l.selected,
    })),
  );
}

function Availability({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  if (isUnavailable(line.available, line.class))
    return <span className="stock stock--out">{t('outOfStock')}</span>;
  if (isComingSoon(line.class) && line.available <= 0)
    return <span className="stock">{t('comingSoon')}</span>;
  return <span className="stock">{t('available', { count: line.available })}</span>;
}

/** The /cart page: lines with thumbnails, quantities, selection, total, comment and PO number, Place order. */
export function CartPage() {
  // The checkout namespace loads with the page, so the panel never paints its keys.
  const { t } = useTranslation(['cart', 'checkout']);
  const money = useMoney();
  const cart = useCart();
  const country = useCountry();
  const setItem = useSetCartItem();
  const remove = useDeleteCartLine();
  const place = usePlaceOrder();
  const errorMessage = useErrorMessage();
  const [confirm, confirmDialog] = useConfirm();
  const navigate = useNavigate();
  const [comment, setComment] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const checkout = useCheckout();
  const [choices, setChoices] = useState<CheckoutChoices>({ addressId: null, shipDate: '' });
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const commentId = useId();
  const poId = useId();
  const reasonId = useId();
  // The lines whose quantity box holds a refused entry ("2.5"): the order would go with the
  // quantity before it, not the one the buyer sees.
  const [refused, setRefused] = useState<ReadonlySet<number>>(() => new Set());
  const quantityValidity = useCallback(
    (id: number, valid: boolean) =>
      setRefused((ids) => {
        if (ids.has(id) !== valid) return ids;
        const next = new Set(ids);
        if (valid) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  usePageTitle(t('title'));

  const lines = useMemo(() => cart.data?.products ?? [], [cart.data]);
  const orderable = lines.filter(
    (l) => l.selected && !isUnavailable(l.available, l.class) && l.id > 0,
  );
  const totalCents = selectedTotalCents(lines);
  const allSelected = lines.length > 0 && lines.every((l) => l.selected);

  // The checkout choices come with the lines, so the panel does not push the page down after them.
  if (cart.isPending || checkout.isPending) {
    // The heading and grey lines hold the page's place while the cart loads (docs/product/storefront-ux.md).
    return (
      <section className="page container cart-page" aria-labelledby="cart-title">
        <h1 id="cart-title">{t('title')}</h1>
        <LoadingOverlay />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="cart-page__skeleton-line" />
        ))}
      </section>
    );
  }
  if (cart.isError) {
    return (
      <section className="page container" aria-labelledby="cart-title">
        <h1 id="cart-title">{t('title')}</h1>
        <p role="alert">{errorMessage(cart.error)}</p>
      </section>
    );
  }

  // Why Place order cannot be pressed, said next to it before the buyer tries: the
  // server refuses the same cases, but only after the click.
  const dateProblem = choices.shipDate
    ? shipDateProblem(choices.shipDate, shopToday(new Date()))
    : null;
  const minimumCents = OPENING_ORDER_MINIMUM_CENTS[country];
  const firstOrder = checkout.data?.opening_minimum != null;
  const unread = orderable.find((l) => refused.has(l.id));
  const blocked =
    orderable.length === 0
      ? t('blocked.nothingSelected')
      : unread
        ? t('blocked.quantity', { name: plainName(unread.name) })
        : dateProblem
          ? t(`shipDateError.${dateProblem}`, { ns: 'checkout' })
          : !meetsOpeningMinimum(totalCents, country, firstOrder)
            ? t('blocked.openingMinimum', {
                minimum: money(minimumCents / 100),
                missing: money((minimumCents - totalCents) / 100),
              })
            : null;

  const submit = () => {
    place.mutate(
      {
        productIds: orderable.map((l) => l.product_id),
        comment,
        poNumber,
        shipToAddressId: chosenAddress(checkout.data, choices.addressId)?.id,
        requestedShipDate: choices.shipDate,
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (data) => {
          idempotencyKey.current = crypto.randomUUID();
          void navigate({ pathname: paths.orderConfirm(), search: `?order_id=${data.order_id}` });
        },
        onError: (error) => {
          // A refusal (4xx) may be retried with a fresh key once the cart changes; after a network
          // failure or a 5xx the same key is kept, so a retry answers the order if it was placed.
          if (error instanceof ApiError && error.status < 500)
            idempotencyKey.current = crypto.randomUUID();
        },
      },
    );
  };

  return (
    <section className="page container cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">{t('title')}</h1>
      {lines.length === 0 ? (
        <div className="cart-page__empty">
          <p>{t('empty')}</p>
          <Link to={paths.home()} className="button">
            {t('continueShopping')}
          </Link>
        </div>
      ) : (
        <>
          <div className="cart-page__toolbar">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(e) => {
                  for (const l of lines)
                    if (l.selected !== e.target.checked)
                      setItem.mutate({ id: l.id, selected: e.target.checked });
                }}
              />
              {t('selectAll')}
            </label>
            <SecondaryButton
              onClick={async () => {
                if (await confirm(t('emptyConfirm'), { confirmLabel: t('emptyCart') }))
                  remove.mutate('all');
              }}
              disabled={remove.isPending}
            >
              <Trash2 size={16} aria-hidden="true" /> {t('emptyCart')}
            </SecondaryButton>
          </div>
          <table className="data-table cart-table">
            <caption className="visually-hidden">{t('tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('columns.select')}</span>
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('columns.image')}</span>
                </th>
                <th scope="col">{t('columns.product')}</th>
                <th scope="col">{t('columns.price')}</th>
                <th scope="col">{t('columns.quantity')}</th>
                <th scope="col">{t('columns.total')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('columns.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const name = plainName(line.name);
                const unavailable = isUnavailable(line.available, line.class);
                return (
                  <tr
                    key={line.id}
                    className={unavailable ? 'cart-table__row--out' : undefined}
                    data-testid={`cart-line-${line.product_id}`}
                  >
                    <td data-label={t('columns.select')}>
                      <input
                        type="checkbox"
                        checked={line.selected}
                        disabled={line.id < 0}
                        aria-label={t('selectLine', { name })}
                        onChange={(e) =>
                          setItem.mutate({ id: line.id, selected: e.target.checked })
                        }
                      />
                    </td>
                    <td>
                      <Link
                        to={paths.description(line.product_id, country)}
                        tabIndex={-1}
                        aria-hidden="true"
                      >
                        <ProductThumb src={line.image} alt="" />
                      </Link>
                    </td>
                    <td data-label={t('columns.product')}>
                      <Link
                        to={paths.description(line.product_id, country)}
                        className="cart-table__code"
                      >
                        {line.product_id}
                      </Link>
                      <div className="cart-table__name">{name}</div>
                      <Availability line={line} />
                    </td>
                    <td data-label={t('columns.price')}>
                      {money(line.price)}
                      {line.price < line.selling_price ? (
                        <s className="cart-table__was">{money(line.selling_price)}</s>
                      ) : null}
                      <PriceReasonText reason={line.price_reason} />
                      <NextBreakText next={line.next_break} money={money} />
                    </td>
                    <td data-label={t('columns.quantity')}>
                      <QuantityInput
                        value={line.item}
                        available={line.available}
                        productClass={line.class}
                        shipPack={line.ship_pack}
                        disabled={unavailable || line.id < 0}
                        label={t('quantity.label', { name })}
                        onCommit={(item) => setItem.mutate({ id: line.id, item })}
                        onValidityChange={(valid) => quantityValidity(line.id, valid)}
                      />
                    </td>
                    <td data-label={t('columns.total')}>{money(line.line_total)}</td>
                    <td>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={t('remove', { name })}
                        onClick={() => remove.mutate(line.id)}
                        disabled={line.id < 0}
                      >
                        <Trash2 size={18} aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>

          <div className="cart-page__footer">
            <div className="cart-page__fields">
              <label htmlFor={poId}>{t('poNumber')}</label>
              <input
                id={poId}
                value={poNumber}
                maxLength={60}
                onChange={(e) => setPoNumber(e.target.value)}
                autoComplete="off"
              />
              <label htmlFor={commentId}>{t('comment')}</label>
              <textarea
                id={commentId}
                value={comment}
                maxLength={2000}
                rows={3}
                onChange={(e) => setComment(e.target.value)}
              />
            </div>
            {/* One column, read top to bottom: ship-to, ship date, taxes, totals, then Place order. */}
            <div className="cart-page__checkout">
              <CheckoutPanel
                checkout={checkout.data}
                subtotalCents={totalCents}
                choices={choices}
                onChange={setChoices}
              />
              <div className="cart-page__summary">
                <p className="cart-page__total" aria-live="polite">
                  {t('selectedTotal')}{' '}
                  <strong data-testid="cart-total">{money(totalCents / 100)}</strong>
                </p>
                {checkout.data ? null : <p className="cart-page__hint">{t('openingMinimum')}</p>}
                {place.isError ? (
                  <p role="alert" className="form-error">
                    {errorMessage(place.error)}
                  </p>
                ) : null}
                {blocked ? (
                  <p id={reasonId} className="cart-page__blocked" data-testid="place-order-reason">
                    {blocked}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="button cart-page__place"
                  onClick={submit}
                  disabled={blocked !== null || place.isPending}
                  aria-describedby={blocked ? reasonId : undefined}
                >
                  {place.isPending ? t('placing') : t('placeOrder')}
                </button>
              </div>
            </div>
          </div>
        </>
      )}
      {confirmDialog}
    </section>
  );
}
