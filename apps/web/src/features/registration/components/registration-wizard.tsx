import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyApplication,
  formForCountry,
  type RegistrationStep1,
  type RegistrationStep1Input,
} from '@wholesale/contract';
import { useCountry } from '@/lib/country';
import { useLanguage } from '@/lib/i18n';
import { ApplicationForm, type ApplicationValues, type FormCountry } from './application-form';
import { PersonalInfoStep } from './personal-info-step';

/**
 * The two-step registration (docs/product/registration.md): step 1 'Personal Information', then the Canadian or
 * the USA application by country (anything but ca gives USA). Going back keeps what was typed in
 * both steps; changing country keeps each form's answers apart.
 */
export function RegistrationWizard() {
  const { t } = useTranslation('registration');
  const { apiLang } = useLanguage();
  const shopCountry = useCountry();
  const [step, setStep] = useState<1 | 2>(1);
  const [personal, setPersonal] = useState<RegistrationStep1Input>({
    owner_name: '',
    owner_email: '',
    country: shopCountry === 'us' ? 'usa' : 'ca',
    lang: apiLang,
  });
  const [drafts, setDrafts] = useState<Partial<Record<FormCountry, ApplicationValues>>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Each step change moves focus to the page heading, so screen readers announce the new step.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const onNext = (values: RegistrationStep1) => {
    setPersonal(values);
    const country = formForCountry(values.country);
    setDrafts((d) => {
      const draft = d[country] ?? emptyApplication(country, values);
      // The owner's name and e-mail of step 1 follow into step 2 unless changed there.
      const prev = d[country] ? personal : null;
      return {
        ...d,
        [country]: {
          ...draft,
          owner_name:
            !prev || draft.owner_name === prev.owner_name ? values.owner_name : draft.owner_name,
          email: !prev || draft.email === prev.owner_email ? values.owner_email : draft.email,
        },
      };
    });
    setStep(2);
  };

  const country = formForCountry(personal.country);

  return (
    <div className="registration-wizard">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('pageTitle')}
      </h1>
      <p className="wizard-progress">
        {t('steps.label', { current: step, total: 2 })} —{' '}
        {step === 1 ? t('steps.personal') : t('steps.application')}
      </p>
      {step === 1 ? (
        <PersonalInfoStep defaultValues={personal} onNext={onNext} />
      ) : (
        <ApplicationForm
          key={country}
          country={country}
          lang={personal.lang ?? 'en'}
          initialValues={
            drafts[country] ??
            emptyApplication(country, {
              owner_name: personal.owner_name,
              owner_email: personal.owner_email,
            })
          }
          onBack={(values) => {
            setDrafts((d) => ({ ...d, [country]: values }));
            setStep(1);
          }}
        />
      )}
    </div>
  );
}
