import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import '@/components/ui/form-field.css';
import { useTranslation } from 'react-i18next';
import { registrationMessageKey } from '@wholesale/contract';
import { SelectOptions } from '@/components/ui/filter-fields';

/** The DOM id of a field (dots of list paths become dashes). */
export function fieldId(name: string): string {
  return `field-${name.replace(/\./g, '-')}`;
}
export function errorId(name: string): string {
  return `${fieldId(name)}-error`;
}

/** Translates a schema message: docs/product/registration.md English is the key; unknown text is shown as it is. */
export function useTranslateMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('registration');
  return (message) => {
    if (!message) return undefined;
    const key = registrationMessageKey(message);
    return key ? t(`validation.${key}`) : message;
  };
}

/** The translated error of a field, if any. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const translate = useTranslateMessage();
  return translate((get(errors, name) as { message?: string } | undefined)?.message);
}

/** The message under a field; its id links it to the field through aria-describedby. */
export function FieldError({ name, message }: { name: string; message?: string }) {
  return (
    <p id={errorId(name)} className="field-error" aria-live="polite">
      {message ?? ''}
    </p>
  );
}

function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/**
 * A label with the required mark beside it, outside the <label>, so the accessible name is exactly
 * the label text (the mark is visual; aria-required tells assistive technology).
 */
function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <span className="form-field__label-row">
      <label htmlFor={htmlFor}>{label}</label>
      {required && <RequiredMark />}
    </span>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'max' | 'maxLength'
>;

/** A labelled text input registered with the surrounding form; validates on blur (docs/product/registration.md). */
export function TextField({
  name,
  label,
  required,
  hint,
  className,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const hintId = hint ? `${fieldId(name)}-hint` : undefined;
  return (
    <div className={`form-field ${className ?? ''}`}>
      <FieldLabel htmlFor={fieldId(name)} label={label} required={required} />
      <input
        id={fieldId(name)}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={[errorId(name), hintId].filter(Boolean).join(' ')}
        {...rest}
        {...register(name)}
      />
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      <FieldError name={name} message={error} />
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  name,
  label,
  options,
  required,
  autoComplete,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  autoComplete?: string;
}) {
  const { register } = useFormContext();
  const { t } = useTranslation('registration');
  const error = useFieldError(name);
  return (
    <div className="form-field">
      <FieldLabel htmlFor={fieldId(name)} label={label} required={required} />
      <select
        id={fieldId(name)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={errorId(name)}
        autoComplete={autoComplete}
        {...register(name)}
      >
        <SelectOptions options={options} blank={t('form.select')} />
      </select>
      <FieldError name={name} message={error} />
    </div>
  );
}

/** A group of radio buttons or checkboxes in a fieldset, its error linked to the group. */
function ChoiceGroup({
  name,
  legend,
  options,
  type,
  required,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  type: 'radio' | 'checkbox';
  required?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const groupId = useId();
  return (
    <fieldset
      className="form-field choice-group"
      aria-describedby={errorId(name)}
      id={fieldId(name)}
    >
      <legend>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className="choice-group__options">
        {options.map((o) => (
          <label key={o.value} className="choice" htmlFor={`${groupId}-${o.value}`}>
            <input
              id={`${groupId}-${o.value}`}
              type={type}
              value={o.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId(name)}
              {...register(name)}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError name={name} message={error} />
    </fieldset>
  );
}

/** Yes / No radio buttons (formerCustomer, sale_manager, caslConsent). */
export function YesNoField({ name, legend }: { name: string; legend: string }) {
  const { t } = useTranslation('registration');
  return (
    <ChoiceGroup
      name={name}
      legend={legend}
      type="radio"
      options={[
        { value: 'Yes', label: t('form.yes') },
        { value: 'No', label: t('form.no') },
      ]}
    />
  );
}

export function RadioGroupField(props: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  required?: boolean;
}) {
  return <ChoiceGroup {...props} type="radio" />;
}

export function CheckboxGroupField(props: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  return <ChoiceGroup {...props} type="checkbox" />;
}

/** One required checkbox (card storage authorization, terms acknowledgement: docs/product/registration.md). */
export function CheckboxField({
  name,
  label,
  required = true,
}: {
  name: string;
  label: string;
  required?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className="form-field checkbox-field">
      <label htmlFor={fieldId(name)} className="choice">
        <input
          id={fieldId(name)}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={errorId(name)}
          {...register(name)}
        />
        <span>
          {label}
          {required && <RequiredMark />}
        </span>
      </label>
      <FieldError name={name} message={error} />
    </div>
  );
}
