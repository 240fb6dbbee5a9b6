import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  BUSINESS_REGISTRATIONS,
  CA_INVOICE_METHODS,
  CA_PROVINCES,
  CanadianApplication,
  EMPTY_OFFICER,
  EMPTY_TRADE_REFERENCE,
  HONEYPOT_FIELD,
  isQuebec,
  US_STATES,
  UsaApplication,
  USA_INVOICE_METHODS,
  type StoreApplicationBody,
} from '@wholesale/contract';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import { CreditTerms } from './credit-terms';
import { ExpiryDateField, RegistrationDateField } from './date-fields';
import {
  CheckboxField,
  CheckboxGroupField,
  RadioGroupField,
  SelectField,
  TextField,
  YesNoField,
} from './form-fields';
import { RepeatableList } from './repeatable-list';
import './registration.css';

export type FormCountry = 'ca' | 'usa';
export type ApplicationValues = Record<string, unknown>;

function useRegionOptions(country: FormCountry) {
  const { t } = useTranslation('registration');
  return country === 'ca'
    ? CA_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}` as never) }))
    : US_STATES.map((code) => ({ value: code, label: code }));
}

/** Moves focus to the first invalid control in page order (accessibility). */
function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * Step 2 of the wizard: the Canadian 'NEW ACCOUNT APPLICATION' or the 'USA ACCOUNT APPLICATION'
 * (docs/product/registration.md), every section in the documented order, validated on blur by the shared contract schema.
 */
export function ApplicationForm({
  country,
  initialValues,
  lang,
  onBack,
}: {
  country: FormCountry;
  initialValues: ApplicationValues;
  lang: 'en' | 'fr' | 'es';
  onBack: (values: ApplicationValues) => void;
}) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [errorCount, setErrorCount] = useState(0);
  // Bumped on a failed submit; the effect runs after the errors are rendered, then focuses the first.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) focusFirstError(formRef.current);
  }, [focusRequest]);
  const schema = country === 'ca' ? CanadianApplication : UsaApplication;
  const methods = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: initialValues,
  });
  const { handleSubmit, control, setValue, getValues, setError, reset } = methods;
  const submit = useSubmitApplication();
  const regions = useRegionOptions(country);
  const ca = country === 'ca';

  const [billingProv, formerCustomer, businessRegistered] = useWatch({
    control,
    name: ['billing_prov', 'formerCustomer', 'businessRegistered'],
  }) as [string, string, string[] | string | false];
  const otherTicked = Array.isArray(businessRegistered)
    ? businessRegistered.includes('other')
    : businessRegistered === 'other';

  const onValid = async (values: FieldValues) => {
    setErrorCount(0);
    try {
      const reply = await submit.mutateAsync({ ...(values as StoreApplicationBody), lang });
      if (reply?.status === true) {
        reset();
        toast.success(t('toast.success'));
        navigate(paths.successPage());
        return;
      }
      toast.error(t('toast.failure'));
    } catch (error) {
      // docs/product/errors-and-constants.md: the thrown error is logged; the user sees 'Failed to create user'.
      console.warn('registration failed', error);
      if (error instanceof ApiError && error.fields) {
        const entries = Object.entries(error.fields);
        for (const [name, message] of entries) setError(name, { type: 'server', message });
        setErrorCount(entries.length);
        setFocusRequest((n) => n + 1);
      }
      toast.error(
        t('toast.failure'),
        error instanceof ApiError && error.status === 409
          ? { description: error.message }
          : undefined,
      );
    }
  };

  const onInvalid = (errors: Record<string, unknown>) => {
    setErrorCount(Object.keys(errors).length);
    setFocusRequest((n) => n + 1);
  };

  const copyBilling = () => {
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    setValue('shipping_consignee_name', getValues('company_name'), opts);
    setValue('shipping_street', getValues('billing_street'), opts);
    setValue('shipping_city', getValues('billing_city'), opts);
    if (ca) {
      setValue('shipping_prov', getValues('billing_prov'), opts);
      setValue('shipping_pc', getValues('billing_pc'), opts);
    } else {
      setValue('shipping_state', getValues('billing_state'), opts);
      setValue('shipping_zip', getValues('billing_zip'), opts);
    }
  };

  const businessRegisteredField = (
    <>
      <CheckboxGroupField
        name="businessRegistered"
        legend={t('fields.businessRegistered')}
        options={BUSINESS_REGISTRATIONS.map((v) => ({ value: v, label: t(`fields.${v}`) }))}
      />
      {otherTicked && <TextField name="otherType" label={t('fields.otherType')} required />}
    </>
  );
  const formerCustomerField = (
    <>
      <YesNoField name="formerCustomer" legend={t('fields.formerCustomer')} />
      {formerCustomer === 'Yes' && (
        <TextField name="formerName" label={t('fields.formerName')} required />
      )}
    </>
  );
  const invoiceField = (
    <CheckboxGroupField
      name="invoiceMethod"
      legend={t('fields.invoiceMethod')}
      options={(ca ? CA_INVOICE_METHODS : USA_INVOICE_METHODS).map((v) => ({
        value: v,
        label: t(`fields.invoice_${v}`),
      }))}
    />
  );
  const salesManagerField = <YesNoField name="sale_manager" legend={t('fields.sale_manager')} />;
  const consentField = <YesNoField name="caslConsent" legend={t('fields.caslConsent')} />;

  return (
    <FormProvider {...methods}>
      <form
        ref={formRef}
        className="application-form"
        noValidate
        aria-labelledby="application-title"
        onSubmit={handleSubmit(onValid, onInvalid)}
      >
        <div className="application-form__header">
          <button
            type="button"
            className="icon-button"
            aria-label={t('form.back')}
            title={t('form.back')}
            onClick={() => onBack(getValues())}
          >
            <ArrowLeft aria-hidden="true" />
          </button>
          <h2 id="application-title">{ca ? t('form.titleCa') : t('form.titleUsa')}</h2>
        </div>
        <p className="field-hint">{t('form.requiredHint')}</p>
        {/* Honeypot: off-screen, hidden from screen readers and out of the tab order, so only a
            bot fills it; the API then answers as if accepted and keeps nothing. */}
        <div className="application-form__honeypot" aria-hidden="true">
          <label htmlFor="application-url">url</label>
          <input
            id="application-url"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...methods.register(HONEYPOT_FIELD)}
          />
        </div>

        <section className="form-section" aria-labelledby="section-company">
          <h3 id="section-company" className="visually-hidden">
            {t('sections.company')}
          </h3>
          <div className="form-grid">
            <TextField
              name="company_name"
              label={t('fields.company_name')}
              required
              autoComplete="organization"
            />
            <RegistrationDateField
              name="company_registration_date"
              label={t('fields.company_registration_date')}
            />
          </div>
        </section>

        <section className="form-section" aria-labelledby="section-billing">
          <h3 id="section-billing">{t('sections.billing')}</h3>
          <div className="form-grid">
            <TextField
              name="billing_street"
              label={t('fields.billing_street')}
              required
              autoComplete="address-line1"
            />
            <TextField
              name="billing_city"
              label={t('fields.billing_city')}
              required
              autoComplete="address-level2"
            />
            {ca ? (
              <>
                <SelectField
                  name="billing_prov"
                  label={t('fields.billing_prov')}
                  options={regions}
                  required
                />
                <TextField
                  name="billing_pc"
                  label={t('fields.billing_pc')}
                  required
                  autoComplete="postal-code"
                />
              </>
            ) : (
              <>
                <SelectField
                  name="billing_state"
                  label={t('fields.billing_state')}
                  options={regions}
                  required
                />
                <TextField
                  name="billing_zip"
                  label={t('fields.billing_zip')}
                  required
                  autoComplete="postal-code"
                />
              </>
            )}
            <TextField
              name="billing_telephone"
              label={t('fields.billing_telephone')}
              required
              type="tel"
              autoComplete="tel"
            />
            {!ca && (
              <TextField name="billing_fax" label={t('fields.billing_fax')} required type="tel" />
            )}
            {ca && (
              <>
                <TextField name="billing_gst" label={t('fields.billing_gst')} required />
                <TextField name="billing_pst" label={t('fields.billing_pst')} required />
                {isQuebec(billingProv) && (
                  <TextField name="billing_qst" label={t('fields.billing_qst')} required />
                )}
                <TextField name="business_type" label={t('fields.business_type')} required />
                <TextField name="business_license" label={t('fields.business_license')} required />
              </>
            )}
            <TextField name="irs_business" label={t('fields.irs_business')} required />
            <TextField
              name="business_email"
              label={t('fields.business_email')}
              required
              type="email"
              autoComplete="email"
            />
            <TextField
              name="website"
              label={t('fields.website')}
              required
              type="url"
              autoComplete="url"
            />
            <TextField name="ap_contact" label={t('fields.ap_contact')} required />
          </div>
          {ca ? (
            <div className="form-stack">
              {businessRegisteredField}
              {formerCustomerField}
              {invoiceField}
              {salesManagerField}
              {consentField}
            </div>
          ) : null}
        </section>

        {!ca && (
          <>
            <section className="form-section" aria-labelledby="section-registered">
              <h3 id="section-registered">{t('sections.businessRegistered')}</h3>
              <div className="form-stack">{businessRegisteredField}</div>
            </section>
            <section className="form-section" aria-labelledby="section-former">
              <h3 id="section-former">{t('sections.formerCustomer')}</h3>
              <div className="form-stack">{formerCustomerField}</div>
            </section>
            <section className="form-section" aria-labelledby="section-invoice">
              <h3 id="section-invoice">{t('sections.invoiceMethod')}</h3>
              <div className="form-stack">{invoiceField}</div>
            </section>
            <section className="form-section" aria-labelledby="section-courier">
              <h3 id="section-courier">{t('sections.courier')}</h3>
              <div className="form-grid">
                <TextField name="preferredCourier" label={t('fields.preferredCourier')} required />
                <TextField name="customsBroker" label={t('fields.customsBroker')} required />
                <TextField name="courierAccount" label={t('fields.courierAccount')} required />
              </div>
            </section>
            <section className="form-section" aria-labelledby="section-type">
              <h3 id="section-type">{t('sections.businessType')}</h3>
              <div className="form-grid">
                <TextField name="business_type" label={t('fields.business_type')} required />
              </div>
            </section>
            <section className="form-section" aria-labelledby="section-consent">
              <h3 id="section-consent">{t('sections.consent')}</h3>
              <div className="form-stack">{consentField}</div>
            </section>
          </>
        )}

        <section className="form-section" aria-labelledby="section-shipping">
          <div className="form-section__title-row">
            <h3 id="section-shipping">{t('sections.shipping')}</h3>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={copyBilling}
            >
              {t('form.sameAsBilling')}
            </button>
          </div>
          <div className="form-grid">
            <TextField
              name="shipping_consignee_name"
              label={t('fields.shipping_consignee_name')}
              required
            />
            <TextField name="shipping_street" label={t('fields.shipping_street')} required />
            <TextField name="shipping_city" label={t('fields.shipping_city')} required />
            {ca ? (
              <>
                <SelectField
                  name="shipping_prov"
                  label={t('fields.shipping_prov')}
                  options={regions}
                  required
                />
                <TextField name="shipping_pc" label={t('fields.shipping_pc')} required />
              </>
            ) : (
              <>
                <SelectField
                  name="shipping_state"
                  label={t('fields.shipping_state')}
                  options={regions}
                  required
                />
                <TextField name="shipping_zip" label={t('fields.shipping_zip')} required />
              </>
            )}
          </div>
        </section>

        <section className="form-section" aria-labelledby="section-owner">
          <h3 id="section-owner">{t('sections.owner')}</h3>
          <div className="form-grid">
            <TextField
              name="owner_name"
              label={t('fields.owner_name')}
              required
              autoComplete="name"
            />
            <TextField name="owner_address" label={t('fields.owner_address')} required />
            <TextField name="owner_city" label={t('fields.owner_city')} required />
            {ca ? (
              <>
                <SelectField
                  name="owner_prov"
                  label={t('fields.owner_prov')}
                  options={regions}
                  required
                />
                <TextField
                  name="owner_postal_code"
                  label={t('fields.owner_postal_code')}
                  required
                />
              </>
            ) : (
              <>
                <SelectField
                  name="owner_state"
                  label={t('fields.owner_state')}
                  options={regions}
                  required
                />
                <TextField name="owner_zip" label={t('fields.owner_zip')} required />
              </>
            )}
            <TextField name="owner_phone" label={t('fields.owner_phone')} required type="tel" />
            <TextField
              name="email"
              label={t('fields.email')}
              required
              type="email"
              autoComplete="email"
            />
            {ca ? (
              <TextField
                name="owner_business_name"
                label={t('fields.owner_business_name')}
                required
              />
            ) : (
              <TextField
                name="owner_social_security"
                label={t('fields.owner_social_security')}
                required
                autoComplete="off"
              />
            )}
            <TextField
              name="owner_driver_license"
              label={t('fields.owner_driver_license')}
              required
              autoComplete="off"
            />
          </div>
        </section>

        <section className="form-section" aria-labelledby="section-officers">
          <h3 id="section-officers">{ca ? t('sections.officers') : t('sections.officersUsa')}</h3>
          <RepeatableList
            name="officers"
            blank={{ ...EMPTY_OFFICER }}
            itemLabel={(n) => t('lists.officer', { n })}
            addLabel={t('lists.addOfficer')}
            removeLabel={(n) => t('lists.removeOfficer', { n })}
            renderItem={(i) => (
              <>
                <TextField name={`officers.${i}.name`} label={t('fields.officerName')} />
                <TextField name={`officers.${i}.title`} label={t('fields.officerTitle')} />
                <TextField name={`officers.${i}.address`} label={t('fields.officerAddress')} />
              </>
            )}
          />
        </section>

        <section className="form-section" aria-labelledby="section-trade">
          <h3 id="section-trade">{t('sections.trade')}</h3>
          <RepeatableList
            name="trade"
            blank={{ ...EMPTY_TRADE_REFERENCE }}
            itemLabel={(n) => t('lists.trade', { n })}
            addLabel={t('lists.addTrade')}
            removeLabel={(n) => t('lists.removeTrade', { n })}
            renderItem={(i) => (
              <>
                <TextField name={`trade.${i}.name`} label={t('fields.tradeName')} />
                <TextField
                  name={`trade.${i}.telephone`}
                  label={t('fields.tradeTelephone')}
                  type="tel"
                  inputMode="tel"
                />
                <TextField
                  name={`trade.${i}.fax`}
                  label={t('fields.tradeFax')}
                  type="tel"
                  inputMode="tel"
                />
                <TextField name={`trade.${i}.contact`} label={t('fields.tradeContact')} />
              </>
            )}
          />
        </section>

        {!ca && (
          <section className="form-section" aria-labelledby="section-sales-manager">
            <h3 id="section-sales-manager">{t('sections.salesManager')}</h3>
            <div className="form-stack">{salesManagerField}</div>
          </section>
        )}

        <section className="form-section" aria-labelledby="section-banking">
          <h3 id="section-banking">{t('sections.banking')}</h3>
          <div className="form-grid">
            <TextField name="bank_name" label={t('fields.bank_name')} required />
            <TextField
              name="bank_account_number"
              label={t('fields.bank_account_number')}
              required
              autoComplete="off"
            />
            <TextField
              name="bank_Tel"
              label={t('fields.bank_Tel')}
              required
              type="tel"
              inputMode="tel"
            />
            <TextField name="bank_account_mgr" label={t('fields.bank_account_mgr')} required />
            <TextField name="bank_address" label={t('fields.bank_address')} required />
            <TextField name="bank_city" label={t('fields.bank_city')} required />
            {ca ? (
              <>
                <SelectField
                  name="bank_province"
                  label={t('fields.bank_province')}
                  options={regions}
                  required
                />
                <TextField name="bank_postal_code" label={t('fields.bank_postal_code')} required />
              </>
            ) : (
              <>
                <SelectField
                  name="bank_state"
                  label={t('fields.bank_state')}
                  options={regions}
                  required
                />
                <TextField name="bank_zip" label={t('fields.bank_zip')} required />
              </>
            )}
          </div>
        </section>

        <section className="form-section" aria-labelledby="section-card">
          <h3 id="section-card">{t('sections.card')}</h3>
          <p className="field-hint">{t('card.noNumber')}</p>
          <div className="form-grid">
            <TextField
              name="cardholder_name"
              label={t('fields.cardholder_name')}
              required
              autoComplete="cc-name"
            />
            <RadioGroupField
              name="card_type"
              legend={t('fields.card_type')}
              required
              options={[
                { value: 'visa', label: t('fields.visa') },
                { value: 'mastercard', label: t('fields.mastercard') },
              ]}
            />
            <ExpiryDateField name="expiry_date" label={t('fields.expiry_date')} />
          </div>
          <CheckboxField name="card_authorization" label={t('fields.card_authorization')} />
        </section>

        <section className="form-section" aria-labelledby="section-terms">
          <h3 id="section-terms">{t('sections.terms')}</h3>
          <CreditTerms country={country} />
        </section>

        <p className="form-errors-summary" role="alert">
          {errorCount > 0 ? t('form.errorsSummary', { count: errorCount }) : ''}
        </p>
        <div className="form-actions">
          <button type="submit" className="button" disabled={submit.isPending}>
            {t('form.submit')}
          </button>
        </div>
        {submit.isPending && <LoadingOverlay label={t('form.submitting')} />}
      </form>
    </FormProvider>
  );
}
