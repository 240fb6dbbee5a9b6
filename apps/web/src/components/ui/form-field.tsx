import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A label, its control and the field's error (linked with aria-describedby by the caller through
 * `errorAria`). `className` is the wrapper's: forms style their fields their own way.
 */
export function FormField({
  id,
  label,
  error,
  className = 'form-field',
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="form-field__error field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes of a control whose field may show an error. */
export function errorAria(id: string, error?: string) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': false as const };
}

/**
 * A staff form's text field (customer code and note, PO, comment, ship date): the label, an input
 * bound to `value` (a textarea when `rows` is given) with its error linked, in the staff style.
 */
export function StaffTextField({
  id,
  label,
  error,
  value,
  onChange,
  rows,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'maxLength'>) {
  const control = { id, value, ...errorAria(id, error) };
  return (
    <FormField id={id} label={label} error={error} className="admin-people__field">
      {rows ? (
        <textarea
          {...control}
          maxLength={input.maxLength}
          rows={rows}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input {...control} {...input} onChange={(e) => onChange(e.target.value)} />
      )}
    </FormField>
  );
}
