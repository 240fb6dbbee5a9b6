import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  APPLICATION_FIELDS,
  HONEYPOT_FIELD,
  StoreApplicationBody,
  type ApplicationInput,
} from '@wholesale/contract';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import { ApplicationSections, type FormCountry } from './application-sections';
import './registration.css';

export type { FormCountry } from './application-sections';
/** What the form holds: the application as typed so far (blank where not answered yet). */
export type ApplicationValues = DefaultValues<ApplicationInput>;

const CONTROLS = 'input, select, textarea';

/**
 * Moves focus to the first invalid control in page order that takes it (docs/product/registration.md).
 * NOTE: aria-invalid also sits on groups (radio sets, the date pair) that cannot take focus, and a
 * control may be hidden: each is tried until the focus really moves, or it stayed on Submit.
 */
function focusFirstError(form: HTMLFormElement | null) {
  for (const marked of form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []) {
    const control = marked.matches(CONTROLS) ? marked : marked.querySelector<HTMLElement>(CONTROLS);
    control?.focus();
    if (control && document.activeElement === control) return;
  }
}

/** A field path the server named (`bank_Tel`, `officers.0.telephone`) that is one of the form's. */
function isApplicationPath(name: string): name is FieldPath<ApplicationInput> {
  const top = name.split('.')[0];
  return APPLICATION_FIELDS.some((f) => f.name === top);
}

/**
 * Step 2 of the wizard: the Canadian 'NEW ACCOUNT APPLICATION' or the 'USA ACCOUNT APPLICATION'
 * (docs/product/registration.md), every section in the documented order, validated on blur by the
 * contract's schema (the one POST /api/store/user uses).
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
  const methods = useForm<ApplicationInput, unknown, StoreApplicationBody>({
    resolver: zodResolver(StoreApplicationBody),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: initialValues,
  });
  // NOTE: react-hook-form calls onInvalid before it publishes the errors: in the browser the request
  // could render (and find nothing marked invalid) first. The submit count changes with the
  // published errors, so the effect runs again once they are on the page.
  const { submitCount } = methods.formState;
  useEffect(() => {
    if (focusRequest) focusFirstError(formRef.current);
  }, [focusRequest, submitCount]);
  const { handleSubmit, getValues, setError, reset, register } = methods;
  const submit = useSubmitApplication();

  const onValid = async (values: StoreApplicationBody) => {
    setErrorCount(0);
    try {
      const reply = await submit.mutateAsync({ ...values, lang });
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
        for (const [name, message] of entries) {
          if (isApplicationPath(name)) setError(name, { type: 'server', message });
        }
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

  const onInvalid = (errors: FieldErrors<ApplicationInput>) => {
    setErrorCount(Object.keys(errors).length);
    setFocusRequest((n) => n + 1);
  };

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
          <h2 id="application-title">
            {country === 'ca' ? t('form.titleCa') : t('form.titleUsa')}
          </h2>
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
            {...register(HONEYPOT_FIELD)}
          />
        </div>

        <ApplicationSections country={country} />

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
