import {
  CARRIERS,
  formatMoney,
  hasStaffRole,
  shopToday,
  isShippingStatus,
  toCents,
  type AdminOrderDetail,
  type Carrier,
  type OrderStatus,
} from '@wholesale/contract';
import { FileText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FieldError } from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useChangeOrderStatus } from '../api/change-order-status';
import { packingSlipUrl, pickingListUrl, useDeskOrder } from '../api/get-order';
import '@/components/ui/admin-people.css';
import './admin-orders.css';
import { FactList } from '@/components/ui/fact-list';
import { LabelledTable } from '@/components/ui/labelled-table';
import { lineAmountColumns } from './line-amounts';
import { StaffAlert } from '@/components/ui/staff-alert';
import { DeskCreditBadge, DeskCreditPanel } from './desk-credit';
import { useDates } from '@/lib/dates';

/**
 * The next-step form: only the steps the workflow allows, with carrier/tracking for shipping. It is
 * keyed by the order's version, so a saved step remounts it with fresh choices; the parent keeps
 * the "saved" message (`onSaved`).
 */
function StatusActions({
  order,
  onSaved,
}: {
  order: AdminOrderDetail;
  onSaved: (status: OrderStatus) => void;
}) {
  const { t } = useTranslation(['admin-orders', 'orders']);
  const change = useChangeOrderStatus();
  const errorMessage = useErrorMessage();
  const [to, setTo] = useState<OrderStatus | ''>(order.allowed[0] ?? '');
  const [carrier, setCarrier] = useState<Carrier>('canada_post');
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const [lineIds, setLineIds] = useState<number[]>([]);
  const [linesError, setLinesError] = useState<string | undefined>();
  const [confirm, confirmDialog] = useConfirm();
  const id = useId();
  const waiting = order.lines.filter((l) => l.shipment_id === null);

  if (order.allowed.length === 0) return <p>{t('detail.noActions')}</p>;

  // NOTE: mutateAsync, not mutate's callbacks: the saved order has a new version, which remounts
  // this form, and TanStack Query drops a mutate callback of an unmounted component.
  const save = async (status: OrderStatus) => {
    const data = await change.mutateAsync({
      id: order.order_id,
      status,
      expected_version: order.version,
      ...(isShippingStatus(status) ? { carrier, tracking_number: tracking } : {}),
      ...(status === 'partially_shipped' ? { line_ids: lineIds } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    const saved = data.order.status;
    onSaved(saved);
    toast.success(t('detail.saved', { status: t(`orders:status.${saved}`) }));
  };
  // A parcel of a partial shipment carries some of the waiting lines, never none and never all
  // (the server's rule): said here, next to the lines, instead of a refusal naming no reason.
  const partialRefusal = () => {
    if (to !== 'partially_shipped') return undefined;
    if (lineIds.length === 0) return t('detail.linesNone');
    if (waiting.every((l) => lineIds.includes(l.id))) return t('detail.linesAll');
    return undefined;
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const refusal = partialRefusal();
    setLinesError(refusal);
    if (!to || refusal) return;
    // Cancelling cannot be undone: the stock goes back and the customer is told.
    const asked = t('detail.confirmCancel', { id: order.order_id });
    if (to === 'cancelled' && !(await confirm(asked, { confirmLabel: t('detail.cancelOrder') })))
      return;
    save(to).catch(() => undefined); // the refusal is shown from change.error below
  };

  return (
    <form className="desk-actions" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('detail.actions')}</h2>
      <fieldset>
        <legend className="visually-hidden">{t('detail.actions')}</legend>
        {order.allowed.map((s) => (
          <label key={s} className="desk-choice">
            <input type="radio" name="to" value={s} checked={to === s} onChange={() => setTo(s)} />{' '}
            {t('detail.moveTo', { status: t(`orders:status.${s}`) })}
          </label>
        ))}
      </fieldset>
      {to && isShippingStatus(to) ? (
        <div className="desk-ship">
          <label htmlFor={`${id}-carrier`}>{t('detail.carrier')}</label>
          <select
            id={`${id}-carrier`}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value as Carrier)}
          >
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {t(`orders:followUp.carriers.${c}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-tracking`}>{t('detail.trackingNumber')}</label>
          <input
            id={`${id}-tracking`}
            value={tracking}
            maxLength={60}
            onChange={(e) => setTracking(e.target.value)}
          />
        </div>
      ) : null}
      {to === 'partially_shipped' ? (
        <fieldset
          className="desk-lines"
          aria-describedby={linesError ? `${id}-lines-error` : undefined}
        >
          <legend>{t('detail.linesToShip')}</legend>
          {waiting.map((l) => (
            <label key={l.id} className="desk-choice">
              <input
                type="checkbox"
                checked={lineIds.includes(l.id)}
                onChange={(e) =>
                  setLineIds((ids) =>
                    e.target.checked ? [...ids, l.id] : ids.filter((x) => x !== l.id),
                  )
                }
              />{' '}
              {l.product_id} — {l.name} — {t('detail.linePacks', { count: l.item })}
            </label>
          ))}
          <FieldError id={`${id}-lines`} error={linesError} />
        </fieldset>
      ) : null}
      <label htmlFor={`${id}-note`}>{t('detail.note')}</label>
      <textarea
        id={`${id}-note`}
        value={note}
        maxLength={1000}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="button" disabled={!to || change.isPending}>
        {change.isPending
          ? t('detail.saving')
          : to
            ? t('detail.moveTo', { status: t(`orders:status.${to}`) })
            : t('detail.actions')}
      </button>
      {change.isError ? <StaffAlert>{errorMessage(change.error)}</StaffAlert> : null}
      {confirmDialog}
    </form>
  );
}

/** /admin/orders/:id: one order for staff, with its workflow actions and picking list. */
export function OrderDeskDetail({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation(['admin-orders', 'orders', 'checkout']);
  const query = useDeskOrder(orderId);
  const errorMessage = useErrorMessage();
  const [saved, setSaved] = useState<OrderStatus | null>(null);
  // Credit staff read the order to release its hold or record its deposit (the credit panel); the
  // workflow steps and the warehouse documents are the order desk's, and so is the desk itself.
  const { staffRoles } = useSession();
  const desk = hasStaffRole(staffRoles, ['orders']);
  const locale = `${i18n.language}-CA`;
  const { moment } = useDates();
  // A requested ship date is a calendar day, not an instant: formatted in UTC, it stays that day;
  // the warehouse reads it with its weekday, unlike the other dates (lib/dates.ts).
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });

  if (query.isPending) return <LoadingOverlay />;
  if (query.isError)
    return (
      <section className="admin-orders">
        <StaffAlert>{errorMessage(query.error)}</StaffAlert>
        <Link to={paths.adminOrders()}>{t('detail.back')}</Link>
      </section>
    );
  const o = query.data.order;
  const inOrderCurrency = formatMoney(i18n.language, o.country);
  const money = (dollars: number) => inOrderCurrency(toCents(dollars));
  return (
    <section className="admin-orders" aria-labelledby="desk-order-title">
      <p>
        {desk ? (
          <Link to={paths.adminOrders()}>{t('detail.back')}</Link>
        ) : (
          <Link to={paths.adminCustomer(o.customer.id)}>{t('detail.backToCustomer')}</Link>
        )}
      </p>
      <h1 id="desk-order-title">
        {t('detail.title', { id: o.order_id })}{' '}
        <span className={`order-status order-status--${o.status}`} data-testid="desk-status">
          {t(`orders:status.${o.status}`)}
        </span>
        <DeskCreditBadge order={o} />
      </h1>
      <FactList
        className="desk-meta"
        facts={[
          {
            label: t('detail.customer'),
            value: `${o.customer.company ? `${o.customer.company} — ` : ''}${o.customer.name}`,
          },
          { label: t('detail.email'), value: o.customer.email },
          { label: t('detail.code'), value: o.customer.customer_code ?? '—' },
          { label: t('detail.po'), value: o.po_number ?? '—' },
          o.order_comment && { label: t('detail.comment'), value: o.order_comment },
          { label: t('detail.total'), value: money(o.total) },
        ]}
      />
      {o.placed_by ? <p>{t('detail.placedBy', { name: o.placed_by })}</p> : null}
      <DeskCreditPanel key={`credit-${o.version}`} order={o} today={shopToday(new Date())} />

      <h2>{t('detail.shipping')}</h2>
      <FactList
        className="desk-meta"
        facts={[
          {
            label: t('detail.shipTo'),
            testId: 'desk-ship-to',
            value: o.ship_to ? (
              <address>
                {o.ship_to.company} ({o.ship_to.label})
                <br />
                {o.ship_to.line1}
                {o.ship_to.line2 ? (
                  <>
                    <br />
                    {o.ship_to.line2}
                  </>
                ) : null}
                <br />
                {o.ship_to.city} {o.ship_to.region} {o.ship_to.postal_code}
                <br />
                {t(`countries.${o.ship_to.country}`)}
              </address>
            ) : (
              t('detail.noShipTo')
            ),
          },
          {
            label: t('detail.shipDate'),
            testId: 'desk-ship-date',
            value: o.requested_ship_date ? (
              <time dateTime={o.requested_ship_date}>
                {day.format(new Date(`${o.requested_ship_date}T12:00:00Z`))}
              </time>
            ) : (
              t('asap')
            ),
          },
          {
            label: t('detail.terms'),
            testId: 'desk-terms',
            value: o.payment_terms ? t(`checkout:paymentTerms.${o.payment_terms}`) : '—',
          },
        ]}
      />
      {desk ? (
        <>
          <p className="desk-documents">
            <a className="button button--secondary" href={pickingListUrl(o.order_id)} download>
              <FileText size={16} aria-hidden="true" /> {t('detail.picking')}
            </a>{' '}
            <a className="button button--secondary" href={packingSlipUrl(o.order_id)} download>
              <FileText size={16} aria-hidden="true" /> {t('detail.packingSlip')}
            </a>
          </p>
          <StatusActions key={o.version} order={o} onSaved={setSaved} />
        </>
      ) : null}
      {saved ? (
        <p role="status">{t('detail.saved', { status: t(`orders:status.${saved}`) })}</p>
      ) : null}

      <h2>{t('detail.lines')}</h2>
      <LabelledTable
        caption={t('detail.linesCaption', { id: o.order_id })}
        className="stacked-table"
        label={(c) => t(`detail.${c}`)}
        rows={o.lines}
        columns={[
          {
            id: 'product',
            cell: (l) => (
              <>
                <strong>{l.product_id}</strong> {l.name.replace(/<[^>]*>/g, '')}
                {l.backorder ? ` (${t('detail.backorder')})` : ''}
              </>
            ),
          },
          ...lineAmountColumns(money, 'lineTotal'),
          {
            id: 'shipped',
            cell: (l) => (l.shipment_id ? `#${l.shipment_id}` : t('detail.waiting')),
          },
        ]}
      />

      <h2>{t('detail.amounts')}</h2>
      <FactList
        className="desk-meta"
        facts={[
          { label: t('detail.subtotal'), value: money(o.total) },
          ...o.taxes.map((tax) => ({
            label: t(`checkout:tax.${tax.kind}`, { rate: tax.rate.toLocaleString(i18n.language) }),
            value: money(tax.amount),
          })),
          ...(o.tax_exemptions ?? []).map((tax) => ({
            label: t(`checkout:exempt.${tax.kind}`, { certificate: tax.certificate_number }),
            value: money(0),
          })),
          { label: t('detail.taxTotal'), value: money(o.tax_total) },
          {
            label: t('detail.totalWithTax'),
            value: money(o.total_with_tax),
            testId: 'desk-total-with-tax',
          },
        ]}
      />
      {o.taxes.length === 0 ? <p>{t('detail.noTaxes')}</p> : null}

      {o.shipments.length > 0 ? (
        <>
          <h2>{t('detail.shipments')}</h2>
          <ul>
            {o.shipments.map((s) => (
              <li key={s.id}>
                #{s.id} · {moment(s.shipped_at)} ·{' '}
                {t(`orders:followUp.carriers.${s.carrier as Carrier}`, {
                  defaultValue: s.carrier,
                })}
                {s.tracking_number ? (
                  <>
                    {' · '}
                    {s.tracking_url ? (
                      <a href={s.tracking_url} target="_blank" rel="noopener noreferrer">
                        {s.tracking_number}
                      </a>
                    ) : (
                      s.tracking_number
                    )}
                  </>
                ) : null}
                {' · '}
                <a
                  href={packingSlipUrl(o.order_id, s.id)}
                  download
                  aria-label={t('detail.parcelSlipFor', { id: s.id })}
                >
                  {t('detail.parcelSlip')}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>{t('detail.history')}</h2>
      <ol className="desk-history">
        {o.history.map((h, i) => (
          <li key={`${h.status}-${i}`}>
            <strong>{t(`orders:status.${h.status}`)}</strong> ·{' '}
            <time dateTime={h.at}>{moment(h.at)}</time>
            {h.by ? ` · ${t('detail.by', { name: h.by })}` : ''}
            {h.note ? ` — ${h.note}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
