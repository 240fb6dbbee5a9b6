import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './form-field.css';

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
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error (`${id}-error`, for the control's aria-describedby), when it has one. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="form-field__error field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The aria attributes of a control whose field may show an error. */
export function errorAria(id: string, error?: string) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': false as const };
}

/** A checkbox's words, whether it is ticked, and what it does when it changes (gets the new state). */
type CheckboxProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** A checkbox and its words in one label (dry run, put the account on hold, restock). */
export function CheckboxLabel({
  label,
  checked,
  onChange,
  ...attributes
}: CheckboxProps & { id?: string; className?: string }) {
  return (
    <label htmlFor={attributes.id} className={attributes.className}>
      <input
        id={attributes.id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />{' '}
      {label}
    </label>
  );
}

/**
 * A checkbox among a staff form's fields (the account's deposit, the account hold of a bounced
 * payment), spaced as the fields are.
 */
export function StaffCheckboxField(props: CheckboxProps) {
  return (
    <div className="admin-people__field">
      <CheckboxLabel {...props} />
    </div>
  );
}

/**
 * A staff form's text field (customer code and note, PO, comment, ship date, staff invitation,
 * integration names and addresses): the label, an input bound to `value` (a textarea when `rows` is
 * given) with its error linked, in the staff style unless `className` says otherwise (the buyer's
 * return reason takes `form-field`). A `hint` stands under the control and describes it too.
 */
export function StaffTextField({
  id,
  label,
  error,
  value,
  onChange,
  rows,
  hint,
  className = 'admin-people__field',
  inputRef,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  hint?: string;
  className?: string;
  /** The input's own element (a form that focuses it again after a submit). */
  inputRef?: Ref<HTMLInputElement>;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'min'
  | 'max'
  | 'step'
  | 'maxLength'
  | 'autoComplete'
  | 'autoCapitalize'
  | 'spellCheck'
  | 'inputMode'
  | 'placeholder'
>) {
  const aria = errorAria(id, error);
  const control = {
    id,
    value,
    ...aria,
    ...(hint
      ? { 'aria-describedby': [`${id}-hint`, aria['aria-describedby']].join(' ').trim() }
      : {}),
  };
  return (
    <FormField id={id} label={label} error={error} className={className}>
      {rows ? (
        <textarea
          {...control}
          maxLength={input.maxLength}
          rows={rows}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input ref={inputRef} {...control} {...input} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? <p id={`${id}-hint`}>{hint}</p> : null}
    </FormField>
  );
}

/**
 * The input of a staff form's amount in dollars and cents (a field its form lists): a number field
 * stepping by the cent, whose text `typedCents` (lib/typed-dollars) turns into cents.
 */
export const DOLLARS_INPUT = { type: 'number', inputMode: 'decimal', step: '0.01' } as const;

/**
 * A staff form's choice among `options` (payment methods, hold reasons, countries), each named by
 * `optionLabel`, with its error linked as StaffTextField's is.
 */
export function StaffSelectField<V extends string>({
  id,
  label,
  error,
  value,
  options,
  optionLabel,
  onChange,
  className = 'admin-people__field',
}: {
  id: string;
  label: string;
  error?: string;
  value: V;
  options: readonly V[];
  optionLabel: (option: V) => string;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        {...errorAria(id, error)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * A text field of a staff form as its form lists it: the API's name for it, the keys of its label
 * and hint (StaffTextFields' `text` turns them into words) and the input's limits.
 */
type TextFieldSpec<N extends string, K extends string> = {
  name: N;
  label: K;
  hint?: K;
  rows?: number;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'min' | 'max' | 'step' | 'maxLength' | 'autoComplete' | 'inputMode' | 'placeholder'
>;

/**
 * The text values of a staff form by the API's field names, and the form's errors by the field the
 * server refused (a text field or not). `reset` puts the initial values back after a save.
 */
export function useTextFields<N extends string>(initial: Record<N, string>) {
  const base = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  return {
    base,
    values,
    errors,
    setErrors,
    set: (name: N, value: string) => setValues((now) => ({ ...now, [name]: value })),
    reset: () => setValues(initial),
  };
}

/** A staff form's text fields, in the order listed, bound to the values useTextFields keeps. */
export function StaffTextFields<N extends string, K extends string>({
  form,
  fields,
  text,
  className,
}: {
  form: ReturnType<typeof useTextFields<N>>;
  fields: readonly TextFieldSpec<N, K>[];
  text: (key: K) => string;
  className?: string;
}) {
  return fields.map(({ name, label, hint, ...field }) => (
    <StaffTextField
      key={name}
      {...field}
      className={className}
      id={`${form.base}-${name}`}
      label={text(label)}
      hint={hint && text(hint)}
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(value) => form.set(name, value)}
    />
  ));
}
