import {
  formatMoney,
  hasStaffRole,
  COUNTRIES,
  type Country,
  type CustomerDetailDto,
} from '@wholesale/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { StaffSelectField, StaffTextFields, useTextFields } from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useSaveFailed } from '@/lib/refused-fields';
import { useSession } from '@/lib/session';
import { useActOnCustomer, type CustomerAction } from '../api/act-on-customer';
import { useCustomer } from '../api/get-customer';
import { CustomerSetPassword } from './customer-set-password';
import '@/components/ui/admin-people.css';
import { StaffAlert } from '@/components/ui/staff-alert';
import { useStoreName } from '@/lib/store-identity';
import { CustomerAddresses } from './customer-addresses';
import { CustomerCredit } from './customer-credit';
import { CustomerPayments } from './customer-payments';
import { CustomerTaxExemptions } from './customer-tax-exemptions';
import { SecondaryButton, SubmitButton } from '@/components/ui/buttons';
import { useDates } from '@/lib/dates';

const EDITABLE_FIELDS = ['country', 'customer_code', 'staff_note'] as const;

/** Country, customer code and note, saved together; errors shown under the field they name. */
function CustomerEditForm({ customer }: { customer: CustomerDetailDto }) {
  const { t } = useTranslation('admin-people');
  const act = useActOnCustomer();
  const form = useTextFields({
    customer_code: customer.customer_code ?? '',
    staff_note: customer.staff_note ?? '',
  });
  const saveFailed = useSaveFailed(EDITABLE_FIELDS, form.setErrors, {
    fieldText: (field) => t(`customers.errors.${field}`),
  });
  const { base, errors, values } = form;
  const [country, setCountry] = useState<Country>(customer.country);
  const [confirm, confirmDialog] = useConfirm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.setErrors({});
    if (country !== customer.country && !(await confirm(t('customers.confirmCountry')))) return;
    act.mutate(
      {
        id: customer.id,
        kind: 'update',
        change: {
          ...(country !== customer.country ? { country } : {}),
          ...(values.customer_code !== (customer.customer_code ?? '')
            ? { customer_code: values.customer_code }
            : {}),
          staff_note: values.staff_note,
        },
      },
      {
        onSuccess: () => toast.success(t('customers.saved')),
        onError: saveFailed,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="admin-people__form" aria-labelledby={`${base}-t`}>
      <h2 id={`${base}-t`}>{t('customers.editTitle')}</h2>
      <StaffSelectField
        id={`${base}-country`}
        label={t('customers.country')}
        error={errors.country}
        value={country}
        options={COUNTRIES}
        optionLabel={(c) => t(`customers.countries.${c}`)}
        onChange={setCountry}
      />
      <StaffTextFields
        form={form}
        fields={[
          { name: 'customer_code', label: 'code', maxLength: 20 },
          { name: 'staff_note', label: 'note', maxLength: 2000, rows: 3 },
        ]}
        text={(key) => t(`customers.${key}`)}
      />
      <SubmitButton pending={act.isPending} busy={t('customers.saving')}>
        {t('customers.save')}
      </SubmitButton>
      {confirmDialog}
    </form>
  );
}

/** /admin/customers/:id: the customer's data; actions for credit and admin, read-only for orders. */
export function CustomerDetail({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation(['admin-people', 'orders', 'common']);
  const storeName = useStoreName();
  const query = useCustomer(customerId);
  const act = useActOnCustomer();
  const errorMessage = useErrorMessage();
  const [confirm, confirmDialog] = useConfirm();
  const { staffRoles } = useSession();
  const canAct = hasStaffRole(staffRoles, ['credit']);
  const canTakeOrders = hasStaffRole(staffRoles, ['orders']);
  const customer = query.data?.data;
  const dates = useDates();
  useEffect(() => {
    if (customer) document.title = `${customer.company_name ?? customer.name} | ${storeName}`;
  }, [customer, t, storeName]);

  if (query.isPending) return <LoadingOverlay />;
  if (query.isError || !customer) return <StaffAlert>{errorMessage(query.error)}</StaffAlert>;

  const section = { customerId: customer.id, country: customer.country, canEdit: canAct };
  const when = (iso: string | null) => (iso ? dates.moment(iso) : '—');
  const run = async (kind: Exclude<CustomerAction['kind'], 'update'>) => {
    const questions = {
      deactivate: 'customers.confirmDeactivate',
      reactivate: 'customers.confirmReactivate',
      'password-reset': 'customers.confirmReset',
    } as const;
    const done = {
      deactivate: 'customers.deactivated',
      reactivate: 'customers.reactivated',
      'password-reset': 'customers.resetSent',
    } as const;
    if (!(await confirm(t(questions[kind], { email: customer.email })))) return;
    act.mutate(
      { id: customer.id, kind },
      {
        onSuccess: () => toast.success(t(done[kind], { email: customer.email })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section className="admin-people" aria-labelledby="customer-title">
      <p>
        <Link to={paths.adminCustomers()}>{t('customers.back')}</Link>
      </p>
      <h1 id="customer-title">{customer.company_name ?? customer.name}</h1>
      <dl className="admin-people__facts">
        <dt>{t('customers.owner')}</dt>
        <dd>{customer.name}</dd>
        <dt>{t('customers.email')}</dt>
        <dd>{customer.email}</dd>
        <dt>{t('customers.code')}</dt>
        <dd>{customer.customer_code ?? '—'}</dd>
        <dt>{t('customers.country')}</dt>
        <dd>{t(`customers.countries.${customer.country}`)}</dd>
        <dt>{t('customers.lang')}</dt>
        <dd>{t(`staff.langs.${customer.lang}`)}</dd>
        <dt>{t('customers.state')}</dt>
        <dd data-testid="customer-state">
          {customer.active ? t('customers.active') : t('customers.inactive')}
        </dd>
        <dt>{t('customers.createdAt')}</dt>
        <dd>{when(customer.created_at)}</dd>
        <dt>{t('customers.lastSignIn')}</dt>
        <dd>{when(customer.last_sign_in_at)}</dd>
        <dt>{t('customers.favourites')}</dt>
        <dd>{customer.favourites_count}</dd>
        <dt>{t('customers.note')}</dt>
        <dd>{customer.staff_note ?? '—'}</dd>
      </dl>

      {canTakeOrders && customer.active ? (
        <p>
          <Link className="button button--secondary" to={paths.adminPhoneOrder(customer.id)}>
            {t('customers.phoneOrder')}
          </Link>
        </p>
      ) : null}
      {canAct ? (
        <div className="admin-people__actions" role="group" aria-label={t('customers.actions')}>
          <button
            type="button"
            className="button"
            disabled={act.isPending}
            onClick={() => void run(customer.active ? 'deactivate' : 'reactivate')}
          >
            {customer.active ? t('customers.deactivate') : t('customers.reactivate')}
          </button>
          <SecondaryButton
            disabled={act.isPending || !customer.active}
            onClick={() => void run('password-reset')}
          >
            {t('customers.sendReset')}
          </SecondaryButton>
        </div>
      ) : (
        <p>{t('customers.readOnly')}</p>
      )}
      {confirmDialog}
      {canAct ? <CustomerSetPassword customer={customer} /> : null}
      {canAct ? (
        <CustomerEditForm
          key={`${customer.id}-${customer.country}-${customer.customer_code}`}
          customer={customer}
        />
      ) : null}

      <CustomerAddresses {...section} />
      <CustomerCredit {...section} />
      {canAct ? <CustomerPayments {...section} /> : null}
      <CustomerTaxExemptions {...section} />

      <h2>{t('customers.orders', { total: customer.order_count })}</h2>
      {customer.last_orders.length === 0 ? (
        <p>{t('customers.noOrders')}</p>
      ) : (
        <ul className="admin-people__orders">
          {customer.last_orders.map((o) => (
            <li key={o.id}>
              <StaffOrderLink id={o.id} /> — {when(o.created_at)} —{' '}
              {t(`orders:status.${o.status}` as 'orders:status.placed')} —{' '}
              {formatMoney(i18n.language, customer.country)(o.total_cents)}
            </li>
          ))}
        </ul>
      )}

      <h2>{t('customers.application')}</h2>
      {customer.application ? (
        <>
          <p>
            {t('customers.applicationSummary', {
              id: customer.application.id,
              status: customer.application.status,
              when: when(customer.application.created_at),
              reviewer: customer.application.reviewed_by ?? '—',
            })}{' '}
            {canAct ? (
              <Link to={paths.adminApplication(customer.application.id)}>
                {t('customers.openApplication')}
              </Link>
            ) : null}
          </p>
          {customer.application.form ? (
            <dl className="admin-people__facts">
              {Object.entries(customer.application.form)
                .filter(
                  ([, v]) =>
                    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
                )
                .map(([k, v]) => (
                  <div key={k} className="admin-people__fact">
                    <dt>{k}</dt>
                    <dd>{String(v)}</dd>
                  </div>
                ))}
            </dl>
          ) : null}
        </>
      ) : (
        <p>{t('customers.noApplication')}</p>
      )}
    </section>
  );
}
