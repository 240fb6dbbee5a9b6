import type { InputHTMLAttributes } from 'react';
import { errorAria, FormField } from './form-field';

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
