import type { ReactNode } from 'react';

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
