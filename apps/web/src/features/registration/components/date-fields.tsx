import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseExpiry } from '@wholesale/contract';
import { errorId, FieldError, fieldId, useFieldError } from './form-fields';
import '@/components/ui/form-field.css';

/** Formats 'YYYY-MM-DD' as a long date in the current language ('March 14, 2015'); '' when not a date. */
export function formatLongDate(value: string | undefined, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!m) return '';
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Company registration date: the native calendar, and the chosen date repeated as a long date (docs/product/registration.md). */
export function RegistrationDateField({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const { t, i18n } = useTranslation('registration');
  const value = useWatch({ name }) as string | undefined;
  const error = useFieldError(name);
  const long = formatLongDate(value, i18n.language);
  const longId = `${fieldId(name)}-long`;
  return (
    <div className="form-field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <input
        id={fieldId(name)}
        type="date"
        max={today()}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${errorId(name)} ${longId}`}
        {...register(name)}
      />
      <p id={longId} className="field-hint long-date" aria-live="polite">
        {long ? t('form.longDate', { date: long }) : ''}
      </p>
      <FieldError name={name} message={error} />
    </div>
  );
}

const YEARS_AHEAD = 15;

/**
 * Card expiry month/year (docs/product/registration.md: dates before today are disabled): in the current year the
 * months already over are disabled. The value is 'YYYY-MM'.
 */
export function ExpiryDateField({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { t, i18n } = useTranslation('registration');
  const error = useFieldError(name);
  const now = useMemo(() => new Date(), []);
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  const monthNames = useMemo(
    () =>
      Array.from({ length: 12 }, (_, i) =>
        new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2000, i, 1)),
        ),
      ),
    [i18n.language],
  );
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const raw = typeof field.value === 'string' ? field.value : '';
        const [yearPart = '', monthPart = ''] = raw.split('-');
        const set = (year: string, month: string) =>
          field.onChange(year || month ? `${year}-${month}` : '');
        const parsed = parseExpiry(raw);
        return (
          <fieldset
            className="form-field expiry-field"
            id={fieldId(name)}
            aria-describedby={errorId(name)}
            // Validate when focus leaves the pair of selects, not when it moves from month to year.
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
            }}
          >
            <legend>
              {label}
              <span className="required-mark" aria-hidden="true">
                {' '}
                *
              </span>
            </legend>
            <div className="expiry-field__selects">
              <label htmlFor={`${fieldId(name)}-month`} className="visually-hidden">
                {t('fields.expiryMonth')}
              </label>
              <select
                id={`${fieldId(name)}-month`}
                ref={field.ref}
                value={monthPart}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId(name)}
                onChange={(e) => set(yearPart, e.target.value)}
              >
                <option value="">{t('fields.expiryMonth')}</option>
                {monthNames.map((label, i) => {
                  const mm = String(i + 1).padStart(2, '0');
                  return (
                    <option
                      key={mm}
                      value={mm}
                      disabled={Number(yearPart) === thisYear && i + 1 < thisMonth}
                    >
                      {mm} – {label}
                    </option>
                  );
                })}
              </select>
              <label htmlFor={`${fieldId(name)}-year`} className="visually-hidden">
                {t('fields.expiryYear')}
              </label>
              <select
                id={`${fieldId(name)}-year`}
                value={yearPart}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId(name)}
                onChange={(e) => {
                  const year = e.target.value;
                  // Choosing this year with a month already over clears the month instead of keeping a past date.
                  const keep =
                    Number(year) === thisYear && Number(monthPart) < thisMonth ? '' : monthPart;
                  set(year, keep);
                }}
              >
                <option value="">{t('fields.expiryYear')}</option>
                {Array.from({ length: YEARS_AHEAD + 1 }, (_, i) => thisYear + i).map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
            {parsed && (
              <p className="field-hint">
                {new Intl.DateTimeFormat(i18n.language, {
                  month: 'long',
                  year: 'numeric',
                  timeZone: 'UTC',
                }).format(new Date(Date.UTC(parsed.year, parsed.month - 1, 1)))}
              </p>
            )}
            <FieldError name={name} message={error} />
          </fieldset>
        );
      }}
    />
  );
}
