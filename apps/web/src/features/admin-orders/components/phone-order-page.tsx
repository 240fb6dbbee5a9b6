import {
  formatMoney,
  latestShipDate,
  shopToday,
  toCents,
  type PhoneOrderCheckoutResponse,
} from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorAria, FormField, StaffTextFields, useTextFields } from '@/components/ui/form-field';
import { StaffSearchForm } from '@/components/ui/filter-fields';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { refusedFields } from '@/lib/refused-fields';
import { useCustomerPicker } from '../api/find-customers';
import { usePhoneCheckout } from '../api/get-phone-order';
import { usePlacePhoneOrder } from '../api/place-phone-order';
import '@/components/ui/admin-people.css';
import './admin-orders.css';
import { CustomerCart } from './phone-cart';
import { usePhoneErrorMessage } from './phone-errors';
import { StaffAlert } from '@/components/ui/staff-alert';
import { SubmitButton } from '@/components/ui/buttons';

/** The fields of the phone-order form a refusal may name. */
const FIELDS = ['ship_to_address_id', 'requested_ship_date', 'po_number', 'order_comment'] as const;

/** Step 1: find the customer who is on the phone (the search is in the URL). */
function CustomerPicker() {
  const { t } = useTranslation('admin-orders');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = useCustomerPicker(q);
  const errorMessage = useErrorMessage();

  return (
    <>
      <p>{t('phone.lead')}</p>
      <StaffSearchForm
        id="phone-customer-q"
        label={t('phone.findCustomer')}
        placeholder={t('phone.findPlaceholder')}
        submitLabel={t('phone.search')}
        current={q}
        onSearch={(text) => setParams(text ? { q: text } : {})}
      />
      {q && query.isPending ? <p role="status">{t('phone.searching')}</p> : null}
      {query.isError ? <StaffAlert>{errorMessage(query.error)}</StaffAlert> : null}
      {query.data ? (
        query.data.data.length === 0 ? (
          <p role="status">{t('phone.noMatch')}</p>
        ) : (
          <ul className="phone-results" aria-label={t('phone.results')}>
            {query.data.data.map((c) => {
              const name = c.company_name ?? c.name;
              return (
                <li key={c.id}>
                  {c.active ? (
                    <Link to={paths.adminPhoneOrder(c.id)}>{t('phone.choose', { name })}</Link>
                  ) : (
                    <span>
                      {name} ({t('phone.inactive')})
                    </span>
                  )}
                  <br />
                  <small>
                    {c.name} · {c.email}
                    {c.customer_code ? ` · ${c.customer_code}` : ''}
                  </small>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </>
  );
}

/** Step 3: the checkout choices and the button that places the order for the customer. */
function PhoneOrderForm({
  customerId,
  name,
  checkout,
}: {
  customerId: number;
  name: string;
  checkout: PhoneOrderCheckoutResponse;
}) {
  const { t, i18n } = useTranslation(['admin-orders', 'checkout']);
  const country = checkout.customer.country;
  const place = usePlacePhoneOrder();
  const errorMessage = usePhoneErrorMessage(country);
  const form = useTextFields({ requested_ship_date: '', po_number: '', order_comment: '' });
  const { base, errors, values } = form;
  const defaultAddress = checkout.addresses.find((a) => a.is_default) ?? checkout.addresses[0];
  const [addressId, setAddressId] = useState(defaultAddress ? String(defaultAddress.id) : '');
  const [formError, setFormError] = useState('');
  const [placed, setPlaced] = useState<{ id: number; total: string } | null>(null);
  const money = formatMoney(i18n.language, country);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    form.setErrors({});
    setFormError('');
    place.mutate(
      {
        customerId,
        ...(addressId ? { ship_to_address_id: Number(addressId) } : {}),
        ...(values.requested_ship_date ? { requested_ship_date: values.requested_ship_date } : {}),
        ...(values.po_number.trim() ? { po_number: values.po_number.trim() } : {}),
        ...(values.order_comment.trim() ? { order_comment: values.order_comment.trim() } : {}),
      },
      {
        onSuccess: (data) => {
          const total = money(toCents(data.total));
          setPlaced({ id: data.order_id, total });
          form.reset();
          toast.success(t('phone.placed', { id: data.order_id, name, total }));
        },
        onError: (error) => {
          const text = errorMessage(error);
          const named =
            refusedFields(error, FIELDS, (field, refusal) =>
              refusal.reason ? text : t(`phone.invalid.${field}`),
            ) ?? {};
          form.setErrors(named);
          if (Object.keys(named).length === 0) setFormError(text);
          toast.error(text);
        },
      },
    );
  };
  return (
    <form
      className="admin-people__form phone-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${base}-title`}
    >
      <h2 id={`${base}-title`}>{t('phone.details')}</h2>
      <p>{t('phone.terms', { terms: t(`checkout:paymentTerms.${checkout.payment_terms}`) })}</p>
      {checkout.opening_minimum !== null ? (
        <p>{t('phone.openingMinimum', { minimum: money(toCents(checkout.opening_minimum)) })}</p>
      ) : null}
      <FormField
        id={`${base}-address`}
        label={t('phone.shipTo')}
        error={errors.ship_to_address_id}
        className="admin-people__field"
      >
        {checkout.addresses.length > 0 ? (
          <select
            id={`${base}-address`}
            value={addressId}
            onChange={(e) => setAddressId(e.target.value)}
            {...errorAria(`${base}-address`, errors.ship_to_address_id)}
          >
            {checkout.addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label} — {a.line1}, {a.city} {a.region} {a.postal_code}
              </option>
            ))}
          </select>
        ) : (
          <p id={`${base}-address`}>{t('phone.noAddress')}</p>
        )}
      </FormField>
      <StaffTextFields
        form={form}
        fields={[
          {
            name: 'requested_ship_date',
            label: 'shipDate',
            type: 'date',
            min: checkout.earliest_ship_date,
            max: latestShipDate(shopToday(new Date())),
          },
          { name: 'po_number', label: 'po', maxLength: 60 },
          { name: 'order_comment', label: 'comment', maxLength: 2000, rows: 3 },
        ]}
        text={(key) => t(`phone.${key}`)}
      />
      <SubmitButton pending={place.isPending} busy={t('phone.placing')}>
        {t('phone.place', { name })}
      </SubmitButton>
      {formError ? <StaffAlert>{formError}</StaffAlert> : null}
      {placed ? (
        <p role="status" className="phone-placed">
          {t('phone.placedFor', { name, total: placed.total })} <StaffOrderLink id={placed.id} />
        </p>
      ) : null}
    </form>
  );
}

/** Steps 2 and 3 for one customer: their cart, then the order placed on their behalf. */
function PhoneOrderForCustomer({ customerId }: { customerId: number }) {
  const { t } = useTranslation('admin-orders');
  const checkout = usePhoneCheckout(customerId);
  const errorMessage = usePhoneErrorMessage('ca');

  if (checkout.isPending) return <LoadingOverlay />;
  if (checkout.isError)
    return (
      <>
        <StaffAlert>{errorMessage(checkout.error)}</StaffAlert>
        <p>
          <Link to={paths.adminPhoneOrders()}>{t('phone.otherCustomer')}</Link>
        </p>
      </>
    );
  const c = checkout.data.customer;
  const name = c.company ?? c.name;
  return (
    <>
      <h2 className="phone-for">{t('phone.for', { name })}</h2>
      <p>
        {c.name} · {t('phone.customerFacts', { email: c.email, code: c.customer_code ?? '—' })} ·{' '}
        <Link to={paths.adminPhoneOrders()}>{t('phone.otherCustomer')}</Link>
      </p>
      <CustomerCart customerId={customerId} name={name} country={c.country} />
      <PhoneOrderForm customerId={customerId} name={name} checkout={checkout.data} />
    </>
  );
}

/**
 * /admin/orders/phone[/:customerId] (orders, admin): staff on the phone with a customer find them,
 * see their cart as the customer sees it, and place the order on their behalf — the same
 * place-order workflow as the buyer's, recorded as placed by this staff member
 * (docs/product/back-office-orders.md "Phone orders").
 */
export function PhoneOrderPage({ customerId }: { customerId?: number }) {
  const { t } = useTranslation('admin-orders');
  const valid = customerId !== undefined && Number.isInteger(customerId) && customerId > 0;
  return (
    <section className="admin-people admin-orders" aria-labelledby="phone-title">
      <p>
        <Link to={paths.adminOrders()}>{t('phone.back')}</Link>
      </p>
      <h1 id="phone-title">{t('phone.title')}</h1>
      {valid ? <PhoneOrderForCustomer customerId={customerId} /> : <CustomerPicker />}
    </section>
  );
}
