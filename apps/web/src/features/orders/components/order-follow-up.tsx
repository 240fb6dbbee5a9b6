import type { OrderDetail } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from './order-status';
import { useDates } from '@/lib/dates';

type CarrierKey = 'canada_post' | 'purolator' | 'ups' | 'fedex' | 'usps' | 'other';
const CARRIER_KEYS: readonly string[] = [
  'canada_post',
  'purolator',
  'ups',
  'fedex',
  'usps',
  'other',
];

/** The carrier's name in the reader's language (an unknown code is shown as it is). */
export function useCarrierName(): (carrier: string) => string {
  const { t } = useTranslation('orders');
  return (carrier) =>
    CARRIER_KEYS.includes(carrier) ? t(`followUp.carriers.${carrier as CarrierKey}`) : carrier;
}

/**
 * The buyer's follow-up of an order (docs/product/back-office-orders.md): who placed it for them,
 * each parcel with its carrier and tracking link (plain text when the carrier has no tracking
 * page), and the dates of each status.
 */
export function OrderFollowUp({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const formatDate = useDates().day;
  const carrierName = useCarrierName();
  const shipments = order.shipments ?? [];
  const history = order.history ?? [];
  return (
    <div className="order-follow-up">
      {order.placed_by ? (
        <p className="order-placed-by">{t('followUp.placedBy', { name: order.placed_by })}</p>
      ) : null}
      {shipments.length > 0 ? (
        <section aria-labelledby="order-shipments-title">
          <h2 id="order-shipments-title">{t('followUp.shipments')}</h2>
          <ul className="order-shipments">
            {shipments.map((s) => (
              <li key={s.id} data-testid="order-shipment">
                <span>{t('followUp.shippedOn', { date: formatDate(s.shipped_at) })}</span>{' '}
                <span>
                  {t('followUp.carrier')}: {carrierName(s.carrier)}
                </span>{' '}
                {s.tracking_number ? (
                  s.tracking_url ? (
                    <a href={s.tracking_url} target="_blank" rel="noopener noreferrer">
                      {t('followUp.track', { number: s.tracking_number })}
                    </a>
                  ) : (
                    <span>
                      {t('followUp.tracking')}: {s.tracking_number}
                    </span>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {history.length > 0 ? (
        <section aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title">{t('followUp.timeline')}</h2>
          <ol className="order-timeline">
            {history.map((step, i) => (
              <li key={`${step.status}-${i}`}>
                <OrderStatusBadge status={step.status} />{' '}
                <time dateTime={step.at}>{formatDate(step.at)}</time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
