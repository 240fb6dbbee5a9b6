import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RegistrationStep1, type RegistrationStep1Input } from '@wholesale/contract';
import { RadioGroupField, SelectField, TextField } from './form-fields';

/** Step 1 'Personal Information' (docs/product/registration.md): owner name, e-mail, company country, language. */
export function PersonalInfoStep({
  defaultValues,
  onNext,
}: {
  defaultValues: RegistrationStep1Input;
  onNext: (values: RegistrationStep1) => void;
}) {
  const { t } = useTranslation('registration');
  const methods = useForm<RegistrationStep1Input, unknown, RegistrationStep1>({
    resolver: zodResolver(RegistrationStep1),
    mode: 'onBlur',
    shouldFocusError: true,
    defaultValues,
  });
  return (
    <FormProvider {...methods}>
      <form
        className="application-form step-form"
        noValidate
        aria-labelledby="step1-title"
        onSubmit={methods.handleSubmit(onNext)}
      >
        <h2 id="step1-title">{t('steps.personal')}</h2>
        <p>{t('step1.intro')}</p>
        <div className="form-grid form-grid--narrow">
          <TextField name="owner_name" label={t('step1.ownerName')} required autoComplete="name" />
          <TextField
            name="owner_email"
            label={t('step1.ownerEmail')}
            required
            type="email"
            autoComplete="email"
          />
          <RadioGroupField
            name="country"
            legend={t('step1.country')}
            required
            options={[
              { value: 'ca', label: t('step1.countryCa') },
              { value: 'usa', label: t('step1.countryUsa') },
            ]}
          />
          <SelectField
            name="lang"
            label={t('step1.lang')}
            options={[
              { value: 'en', label: t('step1.langEn') },
              { value: 'fr', label: t('step1.langFr') },
              { value: 'es', label: t('step1.langEs') },
            ]}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('step1.next')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
