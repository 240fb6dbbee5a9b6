import { useId, type ChangeEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, get, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  EMPTY_STORE_IDENTITY,
  LANGS,
  StoreIdentity,
  type AdminStoreIdentity,
  type StoreIdentityInput,
} from '@wholesale/contract';
import { errorAria, FieldError } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useAdminIdentity } from '../api/get-identity';
import { useSaveIdentity } from '../api/save-identity';
import { useUploadLogo } from '../api/upload-logo';
import { fieldMessage } from './field-message';
import './settings-page.css';
import { SecondaryButton, SubmitButton } from '@/components/ui/buttons';
import { dateWriters } from '@/lib/dates';
import { StaffSection } from '@/components/ui/staff-section';

type Path = FieldPath<StoreIdentityInput>;

/** One text control bound to the form, its label and its refusal in the reader's language. */
function TextField({ name, label, rows }: { name: Path; label: string; rows?: number }) {
  const { t } = useTranslation('admin-settings');
  const base = useId();
  const id = `${base}-${name}`;
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<StoreIdentityInput>();
  const refused = get(errors, name) as { type?: string } | undefined;
  const error = refused ? fieldMessage(t, name, refused.type, getValues(name)) : undefined;
  const control = { id, ...errorAria(id, error), ...register(name) };
  return (
    <div className="admin-settings__field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...control} /> : <input {...control} />}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A text in English, French and Spanish: one control per language under the field's name. */
function LocalizedField({ name, label, rows }: { name: string; label: string; rows?: number }) {
  const { t } = useTranslation('admin-settings');
  return (
    <fieldset className="admin-settings__languages">
      <legend>{label}</legend>
      {LANGS.map((lang) => (
        <TextField
          key={lang}
          name={`${name}.${lang}` as Path}
          label={t(`settings.languages.${lang}`)}
          rows={rows}
        />
      ))}
    </fieldset>
  );
}

/** A contact block: address (or a desk's name), phone, e-mail, hours. */
function ContactFields({ block }: { block: 'head_office' | 'support_fr' | 'support_es' }) {
  const { t } = useTranslation('admin-settings');
  const section = (
    { head_office: 'headOffice', support_fr: 'supportFr', support_es: 'supportEs' } as const
  )[block];
  return (
    <fieldset className="admin-settings__section">
      <legend>{t(`settings.sections.${section}`)}</legend>
      {section !== 'headOffice' ? (
        <p className="admin-settings__hint">{t(`settings.sectionHints.${section}`)}</p>
      ) : null}
      <LocalizedField
        name={`${block}.lines`}
        label={t(
          section === 'headOffice' ? 'settings.fields.lines' : 'settings.fields.supportLines',
        )}
        rows={3}
      />
      <div className="admin-settings__pair">
        <TextField name={`${block}.phone`} label={t('settings.fields.phone')} />
        <TextField name={`${block}.email`} label={t('settings.fields.email')} />
      </div>
      <LocalizedField name={`${block}.hours`} label={t('settings.fields.hours')} />
    </fieldset>
  );
}

/** The logo: its preview, an upload (stored at once, used once the settings are saved), removal. */
function LogoField() {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  const upload = useUploadLogo();
  const describe = useErrorMessage();
  const {
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<StoreIdentityInput>();
  const logo = watch('logo');
  const error = errors.logo
    ? fieldMessage(t, 'logo', errors.logo.type, getValues('logo'))
    : undefined;
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ logo: path }) => {
        setValue('logo', path, { shouldDirty: true, shouldValidate: true });
        toast.success(t('settings.logo.uploaded'));
      },
      onError: (failure) => toast.error(`${t('settings.logo.failed')}: ${describe(failure)}`),
    });
  };
  return (
    <div className="admin-settings__field admin-settings__logo">
      <span className="admin-settings__label">{t('settings.fields.logo')}</span>
      {logo ? (
        <img src={logo} alt={t('settings.logo.preview')} className="admin-settings__logo-preview" />
      ) : (
        <p className="admin-settings__hint">{t('settings.logo.none')}</p>
      )}
      <div className="admin-settings__logo-actions">
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          aria-describedby={`${id}-hint`}
          disabled={upload.isPending}
          onChange={onFile}
        />
        <label htmlFor={`${id}-file`} className="button button--secondary">
          {logo ? t('settings.logo.replace') : t('settings.logo.choose')}
        </label>
        {logo ? (
          <SecondaryButton onClick={() => setValue('logo', null, { shouldDirty: true })}>
            {t('settings.logo.remove')}
          </SecondaryButton>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="admin-settings__hint">
        {upload.isPending ? t('settings.logo.uploading') : t('settings.logo.hint')}
      </p>
      <FieldError id={`${id}-file`} error={error} />
    </div>
  );
}

function SettingsForm({ saved }: { saved: AdminStoreIdentity }) {
  const { t, i18n } = useTranslation('admin-settings');
  const save = useSaveIdentity();
  const describe = useErrorMessage();
  const form = useForm<StoreIdentityInput, unknown, StoreIdentity>({
    resolver: zodResolver(StoreIdentity),
    defaultValues: saved.identity ?? EMPTY_STORE_IDENTITY,
  });
  const onSubmit = form.handleSubmit(
    (identity) =>
      save.mutate(identity, {
        onSuccess: (answer) => {
          form.reset(answer.identity ?? EMPTY_STORE_IDENTITY);
          toast.success(t('settings.saved'));
        },
        onError: (error) => {
          const refused =
            error instanceof ApiError && error.fields ? Object.keys(error.fields) : [];
          refused.forEach((path, i) =>
            form.setError(path as Path, { type: 'server' }, { shouldFocus: i === 0 }),
          );
          toast.error(
            refused.length
              ? `${t('settings.saveFailed')}: ${t('settings.fixFields', { count: refused.length })}`
              : `${t('settings.saveFailed')}: ${describe(error)}`,
          );
        },
      }),
    (errors) => {
      const count = Object.keys(errors).length;
      toast.error(`${t('settings.saveFailed')}: ${t('settings.fixFields', { count })}`);
    },
  );
  const when = saved.updated_at ? dateWriters(i18n.language).moment(saved.updated_at) : null;
  return (
    <FormProvider {...form}>
      <p className="admin-settings__status" role="status">
        {saved.set && when
          ? t('settings.lastSaved', { date: when, who: saved.updated_by ?? t('settings.someone') })
          : t('settings.notSet')}
      </p>
      <form className="admin-settings__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="admin-settings__section">
          <legend>{t('settings.sections.store')}</legend>
          <LocalizedField name="name" label={t('settings.fields.name')} />
          <TextField name="legal_name" label={t('settings.fields.legal_name')} />
          <LocalizedField name="tagline" label={t('settings.fields.tagline')} />
          <LogoField />
        </fieldset>
        <ContactFields block="head_office" />
        <ContactFields block="support_fr" />
        <ContactFields block="support_es" />
        <fieldset className="admin-settings__section">
          <legend>{t('settings.sections.tax')}</legend>
          <p className="admin-settings__hint">{t('settings.sectionHints.tax')}</p>
          <div className="admin-settings__pair">
            <TextField name="tax.gst_hst" label={t('settings.fields.gst_hst')} />
            <TextField name="tax.qst" label={t('settings.fields.qst')} />
            <TextField name="tax.us_ein" label={t('settings.fields.us_ein')} />
          </div>
        </fieldset>
        <div className="admin-settings__actions">
          <SubmitButton pending={save.isPending} busy={t('settings.saving')}>
            {t('settings.save')}
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * /admin/settings (admins): the store's identity (docs/product/back-office-staff-and-customers.md,
 * "Store identity"): name, legal name, tagline and logo, the head office and the French and Spanish
 * support desks, tax registration numbers; every text in English, French and Spanish.
 */
export function SettingsPage() {
  const { t } = useTranslation('admin-settings');
  usePageTitle(t('settings.title'));
  const identity = useAdminIdentity();
  return (
    <StaffSection id="admin-settings" title={t('settings.title')} className="admin-settings">
      <p>{t('settings.lead')}</p>
      {identity.isPending ? (
        <p aria-busy="true">{t('settings.loading')}</p>
      ) : identity.isError ? (
        <div role="alert">
          <p>{t('settings.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void identity.refetch()}>
            {t('settings.retry')}
          </button>
        </div>
      ) : (
        <SettingsForm saved={identity.data} />
      )}
    </StaffSection>
  );
}
