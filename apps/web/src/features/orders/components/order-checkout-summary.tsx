import type { OrderDetail } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { CheckoutSums } from '@/components/ui/checkout-sums';
import { useDates } from '@/lib/dates';

/**
 * What the buyer chose at checkout, as the order keeps it: ship-to address, requested ship date,
 * payment terms, the estimated sales taxes and the total with them (confirmation, details, print).
 */
export function OrderCheckoutSummary({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('checkout');
  const day = useDates().calendarDay;
  const a = order.ship_to;
  return (
    <div className="order-checkout" data-testid="order-checkout">
      <dl className="order-meta">
        <div>
          <dt>{t('shipTo')}</dt>
          <dd data-testid="order-ship-to">
            {a ? (
              <address>
                {a.company} ({a.label})
                <br />
                {a.line1}
                {a.line2 ? `, ${a.line2}` : ''}
                <br />
                {a.city} {a.region} {a.postal_code}, {a.country.toUpperCase()}
              </address>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('requestedShipDate')}</dt>
          <dd data-testid="order-ship-date">
            {order.requested_ship_date ? day(order.requested_ship_date) : t('asap')}
          </dd>
        </div>
        <div>
          <dt>{t('terms')}</dt>
          <dd data-testid="order-terms">
            {order.payment_terms ? t(`paymentTerms.${order.payment_terms}`) : '—'}
          </dd>
        </div>
      </dl>
      <CheckoutSums
        className="checkout-panel__sums order-checkout__sums"
        subtotal={order.total}
        taxes={order.taxes.map((tax) => ({
          kind: tax.kind,
          ratePercent: tax.rate,
          amount: tax.amount,
        }))}
        exempted={(order.tax_exemptions ?? []).map((tax) => ({
          kind: tax.kind,
          certificate: tax.certificate_number,
        }))}
        total={order.total_with_tax}
        testIds={{ exempted: 'order-tax-exempt', total: 'order-total-with-tax' }}
      />
      {order.taxes.length > 0 ? <p className="checkout-panel__note">{t('taxNote')}</p> : null}
    </div>
  );
}
