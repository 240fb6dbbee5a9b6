import type { TaxExemptionKind, TaxKind } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/lib/money';
import './checkout-sums.css';

/**
 * The checkout's sums in dollars, the same on the cart's checkout (an estimate before ordering) and
 * on an order's pages (as the order keeps them): the subtotal, each tax with its rate in percent,
 * each tax a certificate exempted (at zero, naming it), and the total with tax. `testIds` name the
 * exempted rows and the total for the tests and journeys that read them.
 */
export function CheckoutSums({
  className,
  subtotal,
  taxes,
  exempted,
  total,
  testIds,
}: {
  className: string;
  subtotal: number;
  taxes: readonly { kind: TaxKind; ratePercent: number; amount: number }[];
  exempted: readonly { kind: TaxExemptionKind; certificate: string }[];
  total: number;
  testIds: { exempted: string; total: string };
}) {
  const { t, i18n } = useTranslation('checkout');
  const money = useMoney();
  return (
    <dl className={className}>
      <div>
        <dt>{t('subtotal')}</dt>
        <dd>{money(subtotal)}</dd>
      </div>
      {taxes.map((tax) => (
        <div key={tax.kind}>
          <dt>{t(`tax.${tax.kind}`, { rate: tax.ratePercent.toLocaleString(i18n.language) })}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      {exempted.map((tax) => (
        <div key={`exempt-${tax.kind}`} data-testid={testIds.exempted}>
          <dt>{t(`exempt.${tax.kind}`, { certificate: tax.certificate })}</dt>
          <dd>{money(0)}</dd>
        </div>
      ))}
      <div className="checkout-panel__total">
        <dt>{t('totalWithTax')}</dt>
        <dd data-testid={testIds.total}>{money(total)}</dd>
      </div>
    </dl>
  );
}
