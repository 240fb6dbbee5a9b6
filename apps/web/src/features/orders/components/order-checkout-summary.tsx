import type { OrderDetail } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/lib/money';

/**
 * What the buyer chose at checkout, as the order keeps it: ship-to address, requested ship date,
 * payment terms, the estimated sales taxes and the total with them (confirmation, details, print).
 */
export function OrderCheckoutSummary({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('checkout');
  const money = useMoney();
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
          <dd data-testid="order-ship-date">{order.requested_ship_date ?? t('asap')}</dd>
        </div>
        <div>
          <dt>{t('terms')}</dt>
          <dd data-testid="order-terms">
            {order.payment_terms ? t(`paymentTerms.${order.payment_terms}`) : '—'}
          </dd>
        </div>
      </dl>
      <dl className="checkout-panel__sums order-checkout__sums">
        <div>
          <dt>{t('subtotal')}</dt>
          <dd>{money(order.total)}</dd>
        </div>
        {order.taxes.map((tax) => (
          <div key={tax.kind}>
            <dt>{t(`tax.${tax.kind}`, { rate: tax.rate.toLocaleString(i18n.language) })}</dt>
            <dd>{money(tax.amount)}</dd>
          </div>
        ))}
        {(order.tax_exemptions ?? []).map((tax) => (
          <div key={`exempt-${tax.kind}`} data-testid="order-tax-exempt">
            <dt>{t(`exempt.${tax.kind}`, { certificate: tax.certificate_number })}</dt>
            <dd>{money(0)}</dd>
          </div>
        ))}
        <div className="checkout-panel__total">
          <dt>{t('totalWithTax')}</dt>
          <dd data-testid="order-total-with-tax">{money(order.total_with_tax)}</dd>
        </div>
      </dl>
      {order.taxes.length > 0 ? <p className="checkout-panel__note">{t('taxNote')}</p> : null}
    </div>
  );
}
