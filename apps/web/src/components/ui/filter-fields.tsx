/**
 * The labelled controls of list filters and small settings forms. `className` is the wrapper's:
 * each page lays its filters out its own way.
 */

export type SelectOption<V extends string> = { value: V; label: string };

/** A labelled select whose choice applies at once. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
  selectClassName,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  className?: string;
  selectClassName?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={selectClassName}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled search box whose text the caller keeps until the form is submitted. */
export function SearchInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxLength = 100,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

/** A labelled date input read from the form when it is submitted (`name` is its form field). */
export function DateField({
  id,
  name,
  label,
  defaultValue,
  className,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="date" defaultValue={defaultValue} />
    </div>
  );
}
