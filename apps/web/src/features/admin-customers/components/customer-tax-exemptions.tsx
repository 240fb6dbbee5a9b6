import {
  PST_EXEMPT_PROVINCES,
  TaxExemptionBody,
  US_STATE_BASE_RATES,
  taxExemptionMessage,
  taxExemptionMessageKey,
  taxExemptionProblem,
  type TaxExemptionDto,
  type TaxExemptionKind,
} from '@wholesale/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { StaffSelectField, StaffTextField } from '@/components/ui/form-field';
import { useErrorMessage } from '@/lib/error-message';
import { refusedFields } from '@/lib/refused-fields';
import { useCustomerTaxExemptions, useTaxExemptionWrite } from '../api/tax-exemptions';
import { CustomerSection, type CustomerSectionProps } from './customer-section';
import { SecondaryButton, SubmitButton } from '@/components/ui/buttons';

type Field = 'tax_kind' | 'region' | 'certificate_number' | 'valid_from' | 'valid_until';
const FIELDS: readonly Field[] = [
  'tax_kind',
  'region',
  'certificate_number',
  'valid_from',
  'valid_until',
];

/** The regions where a kind of tax can be exempted (the API refuses any other). */
function regionsOf(kind: TaxExemptionKind): string[] {
  if (kind === 'QST') return ['QC'];
  if (kind === 'PST') return [...PST_EXEMPT_PROVINCES];
  return Object.keys(US_STATE_BASE_RATES).filter((s) => US_STATE_BASE_RATES[s] > 0);
}

/** A tax exemption message (contract TAX_EXEMPTION_MESSAGES) in the reader's language. */
function useExemptionMessage() {
  const { t } = useTranslation(['admin-tax-exemptions', 'addresses']);
  return (message: string | undefined) => {
    const found = taxExemptionMessageKey(message);
    if (!found) return message;
    const province = found.province
      ? t(`addresses:provinces.${found.province}` as 'addresses:provinces.ON')
      : '';
    return t(`validation.${found.key}`, { province });
  };
}

/** The form that records a certificate: the kinds and regions of the customer's country only. */
function RecordForm({ customerId, country }: { customerId: number; country: 'ca' | 'us' }) {
  const { t } = useTranslation(['admin-tax-exemptions', 'addresses']);
  const message = useExemptionMessage();
  const errorMessage = useErrorMessage(country);
  const write = useTaxExemptionWrite(customerId);
  const id = useId();
  const kinds: TaxExemptionKind[] = country === 'us' ? ['STATE'] : ['PST', 'QST'];
  const [values, setValues] = useState({
    tax_kind: kinds[0] as TaxExemptionKind,
    region: regionsOf(kinds[0])[0],
    certificate_number: '',
    valid_from: '',
    valid_until: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) =>
    setValues((v) =>
      field === 'tax_kind'
        ? {
            ...v,
            tax_kind: value as TaxExemptionKind,
            region: regionsOf(value as TaxExemptionKind)[0],
          }
        : { ...v, [field]: value },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TaxExemptionBody.safeParse(values);
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
    const problem = taxExemptionProblem(values.tax_kind, values.region, country);
    if (problem) next[problem.field] ??= taxExemptionMessage(problem.key, problem.province);
    setErrors(next);
    if (!parsed.success || problem) {
      document.getElementById(`${id}-${FIELDS.find((f) => next[f])}`)?.focus();
      return;
    }
    write.mutate(
      { kind: 'record', body: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('recorded'));
          setValues((v) => ({ ...v, certificate_number: '', valid_from: '', valid_until: '' }));
        },
        onError: (error) => {
          const named = refusedFields(error, FIELDS, (_field, _refusal, message) => message);
          if (named) setErrors(named);
          toast.error(errorMessage(error));
        },
      },
    );
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    label: t(`fields.${name}`),
    error: message(errors[name]),
    value: values[name],
    onChange: (value: string) => set(name, value),
  });

  return (
    <form className="admin-people__form" onSubmit={submit} noValidate aria-label={t('formTitle')}>
      <h3>{t('formTitle')}</h3>
      <StaffSelectField
        {...field('tax_kind')}
        value={values.tax_kind}
        options={kinds}
        optionLabel={(k) => t(`kinds.${k}`)}
      />
      <StaffSelectField
        {...field('region')}
        label={t(country === 'us' ? 'fields.state' : 'fields.province')}
        options={regionsOf(values.tax_kind)}
        optionLabel={(r) =>
          country === 'ca' ? t(`addresses:provinces.${r}` as 'addresses:provinces.ON') : r
        }
      />
      <StaffTextField {...field('certificate_number')} maxLength={60} autoComplete="off" />
      <StaffTextField {...field('valid_from')} type="date" />
      <StaffTextField {...field('valid_until')} type="date" min={values.valid_from || undefined} />
      <SubmitButton pending={write.isPending} busy={t('saving')}>
        {t('record')}
      </SubmitButton>
    </form>
  );
}

/**
 * The customer screen's tax exemption certificates (docs/product/accounts-receivable.md "Tax
 * exemptions"): every staff member who opens the screen reads them; credit staff and admins
 * (`canEdit`) record and revoke them, each change audit-logged by the API.
 */
export function CustomerTaxExemptions({ customerId, country, canEdit }: CustomerSectionProps) {
  const { t } = useTranslation(['admin-tax-exemptions', 'addresses']);
  const errorMessage = useErrorMessage(country);
  const list = useCustomerTaxExemptions(customerId);
  const write = useTaxExemptionWrite(customerId);
  const [confirm, confirmDialog] = useConfirm();

  const revoke = async (e: TaxExemptionDto) => {
    if (!(await confirm(t('confirmRevoke', { number: e.certificate_number })))) return;
    write.mutate(
      { kind: 'revoke', id: e.id },
      {
        onSuccess: () => toast.success(t('revoked', { number: e.certificate_number })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  const regionName = (r: string) =>
    country === 'ca' ? t(`addresses:provinces.${r}` as 'addresses:provinces.ON') : r;

  return (
    <CustomerSection
      name="customer-tax-exemptions"
      title={t('title')}
      intro={<p>{t(canEdit ? 'intro' : 'readOnly')}</p>}
      query={list}
      country={country}
      after={
        <>
          {canEdit ? <RecordForm customerId={customerId} country={country} /> : null}
          {confirmDialog}
        </>
      }
    >
      {({ exemptions }) =>
        (exemptions ?? []).length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          // A list, not a table: each certificate reads on one card at 390 px as at 1280 px.
          <ul className="admin-people__orders" aria-labelledby="customer-tax-exemptions-title">
            {exemptions.map((e) => (
              <li key={e.id} aria-label={e.certificate_number}>
                <strong>{t(`kinds.${e.tax_kind}`)}</strong> — {regionName(e.region)} —{' '}
                {t('certificate', { number: e.certificate_number })} —{' '}
                {t('validity', { from: e.valid_from, until: e.valid_until ?? t('noEnd') })} —{' '}
                <span data-testid="exemption-status">
                  {e.revoked_at
                    ? t('status.revoked')
                    : e.active
                      ? t('status.active')
                      : t('status.notValidToday')}
                </span>
                {canEdit && !e.revoked_at ? (
                  <>
                    {' '}
                    <SecondaryButton
                      disabled={write.isPending}
                      aria-label={t('revokeLabel', { number: e.certificate_number })}
                      onClick={() => void revoke(e)}
                    >
                      {t('revoke')}
                    </SecondaryButton>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )
      }
    </CustomerSection>
  );
}
