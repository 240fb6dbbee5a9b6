import {
  checkPostalCode,
  estimateSalesTax,
  exemptTaxes,
  exemptionsForRegion,
  ratePercent,
  latestShipDate,
  shipDateProblem,
  shopToday,
  type CheckoutResponse,
  type ShipToAddress,
} from '@wholesale/contract';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/money';
import { CheckoutCredit } from './checkout-credit';
import { CheckoutSums } from '@/components/ui/checkout-sums';

export type CheckoutChoices = { addressId: number | null; shipDate: string };

/** The address the buyer picked, else the default one (the API lists it first). */
export function chosenAddress(
  checkout: CheckoutResponse | undefined,
  addressId: number | null,
): ShipToAddress | undefined {
  const addresses = checkout?.addresses ?? [];
  return addresses.find((a) => a.id === addressId) ?? addresses[0];
}

/**
 * The checkout part of the cart (docs/product/cart-and-orders.md, "Checkout"): ship-to address
 * (default preselected, written out in full under the box), requested ship date, payment terms and the
 * sales taxes estimated for the chosen address with the same rule as the API. What keeps the order from
 * being placed (opening minimum, ship date) is said next to Place order (cart-page.tsx).
 */
export function CheckoutPanel({
  checkout,
  subtotalCents,
  choices,
  onChange,
  now = new Date(),
}: {
  checkout: CheckoutResponse | undefined;
  subtotalCents: number;
  choices: CheckoutChoices;
  onChange: (choices: CheckoutChoices) => void;
  now?: Date;
}) {
  const { t } = useTranslation('checkout');
  const { hash } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  // The cart popup's Checkout button opens /cart#checkout: bring the panel into view once it exists.
  useEffect(() => {
    if (hash === '#checkout') panel.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const addressId = useId();
  const addressTextId = useId();
  const dateId = useId();
  const dateHintId = useId();
  const dateErrorId = useId();
  const { t: tc } = useTranslation('credit');
  const dollars = useMoney();
  const money = (cents: number) => dollars(cents / 100);
  const address = chosenAddress(checkout, choices.addressId);
  // The account's certificates for the address's region take their taxes off, as the order will.
  const taxes = address
    ? exemptTaxes(
        estimateSalesTax(subtotalCents, address.country, address.region),
        exemptionsForRegion(checkout?.tax_exemptions ?? [], address.region),
      )
    : null;
  // An address saved before postal codes were checked may not match its province or state.
  const postalMismatch =
    address && !checkPostalCode(address.country, address.region, address.postal_code).ok;
  const earliest = checkout?.earliest_ship_date ?? shopToday(now);
  const latest = latestShipDate(shopToday(now));
  const dateProblem = choices.shipDate ? shipDateProblem(choices.shipDate, shopToday(now)) : null;

  return (
    // id: the cart popup's Checkout button leads here (/cart#checkout).
    <div className="checkout-panel" id="checkout" ref={panel} data-testid="checkout-panel">
      <h2 className="checkout-panel__title">{t('title')}</h2>
      <label htmlFor={addressId}>{t('shipTo')}</label>
      {checkout && checkout.addresses.length > 0 ? (
        <select
          id={addressId}
          value={address?.id ?? ''}
          aria-describedby={addressTextId}
          onChange={(e) => onChange({ ...choices, addressId: Number(e.target.value) })}
        >
          {checkout.addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label} —{' '}
              {t('address', {
                company: a.company,
                line1: a.line1,
                city: a.city,
                region: a.region,
                postal: a.postal_code,
              })}{' '}
              {a.is_default ? t('defaultAddress') : ''}
            </option>
          ))}
        </select>
      ) : (
        <p id={addressId} className="checkout-panel__note">
          {t('noAddress')}
        </p>
      )}
      {address ? (
        // The box cuts a long address short on a narrow column: the chosen one is written out whole.
        <p id={addressTextId} className="checkout-panel__address" data-testid="ship-to-address">
          {t('address', {
            company: address.company,
            line1: address.line1,
            city: address.city,
            region: address.region,
            postal: address.postal_code,
          })}
        </p>
      ) : null}
      {postalMismatch ? (
        <p className="checkout-panel__note" role="status" data-testid="postal-mismatch">
          {t('postalMismatch')}
        </p>
      ) : null}
      <p className="checkout-panel__note">
        <Link to={paths.profileAddresses()}>{t('manageAddresses')}</Link>
      </p>

      <label htmlFor={dateId}>{t('shipDate')}</label>
      <input
        id={dateId}
        type="date"
        min={earliest}
        max={latest}
        value={choices.shipDate}
        aria-describedby={dateProblem ? `${dateHintId} ${dateErrorId}` : dateHintId}
        aria-invalid={dateProblem ? true : undefined}
        onChange={(e) => onChange({ ...choices, shipDate: e.target.value })}
      />
      <p id={dateHintId} className="checkout-panel__note">
        {t('shipDateHint', { date: earliest, latest })}
      </p>
      {dateProblem ? (
        <p id={dateErrorId} className="form-error" role="alert">
          {t(`shipDateError.${dateProblem}`)}
        </p>
      ) : null}

      {checkout ? (
        <p className="checkout-panel__terms">
          {t('terms')}:{' '}
          <strong>
            {typeof checkout.net_days === 'number'
              ? tc('netTerms', { n: checkout.net_days })
              : t(`paymentTerms.${checkout.payment_terms}`)}
          </strong>
        </p>
      ) : null}
      {checkout ? (
        <CheckoutCredit
          checkout={checkout}
          subtotalCents={subtotalCents}
          totalCents={subtotalCents + (taxes?.totalCents ?? 0)}
          money={money}
        />
      ) : null}

      <CheckoutSums
        className="checkout-panel__sums"
        subtotal={subtotalCents / 100}
        taxes={(taxes?.lines ?? []).map((line) => ({
          kind: line.kind,
          ratePercent: ratePercent(line.rate),
          amount: line.amountCents / 100,
        }))}
        exempted={(taxes?.exempted ?? []).map((line) => ({
          kind: line.kind,
          certificate: line.certificateNumber,
        }))}
        total={(subtotalCents + (taxes?.totalCents ?? 0)) / 100}
        testIds={{ exempted: 'tax-exempt', total: 'total-with-tax' }}
      />
      <p className="checkout-panel__note">
        {taxes && (taxes.lines.length > 0 || taxes.exempted.length > 0)
          ? t('taxNote')
          : t('noTaxEstimate')}{' '}
        {address?.country === 'us' ? t('stateTaxNote') : null}
      </p>
    </div>
  );
}
