import { openingDepositCents, toCents, type CheckoutResponse } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { useCountry } from '@/lib/country';

/**
 * What the account's credit means for this order, in plain words (docs/product/accounts-receivable.md
 * "Credit at approval, deposits and holds"): the opening deposit the selected lines owe (recomputed
 * as the selection changes, with the contract's rule), the available credit, and why the order will
 * wait for credit review when it is beyond it or the account is on hold.
 */
export function CheckoutCredit({
  checkout,
  subtotalCents,
  totalCents,
  money,
}: {
  checkout: CheckoutResponse;
  subtotalCents: number;
  /** Goods and estimated taxes: what the credit check compares with the available credit. */
  totalCents: number;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation('credit');
  const country = useCountry();
  const deposit = checkout.opening_deposit_required
    ? openingDepositCents(subtotalCents, country)
    : 0;
  const available =
    checkout.available_credit === null || checkout.available_credit === undefined
      ? null
      : toCents(checkout.available_credit);
  return (
    <div className="checkout-panel__credit" data-testid="checkout-credit">
      {deposit > 0 ? (
        <p className="checkout-panel__note" role="status">
          {t('depositDue', { amount: money(deposit) })}
        </p>
      ) : null}
      {available !== null ? (
        <p className="checkout-panel__note">{t('available', { amount: money(available) })}</p>
      ) : null}
      {checkout.account_hold ? (
        <p className="checkout-panel__note" role="status">
          {t('accountHold', { reason: t(`holdReasons.${checkout.account_hold}`) })}
        </p>
      ) : available !== null && subtotalCents > 0 && totalCents > available ? (
        <p className="checkout-panel__note" role="status">
          {t('overLimit')}
        </p>
      ) : null}
    </div>
  );
}
