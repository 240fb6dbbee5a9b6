import { useEffect, useState, type ReactNode } from 'react';

/**
 * The labelled controls of list filters and small settings forms. `className` is the wrapper's:
 * each page lays its filters out its own way.
 */

type SelectOption<V extends string> = { value: V; label: string };

/**
 * A select's choices: `blank` first where the select may be left unchosen or mean "all" (its value
 * is ""), then one option a value, each named by its label.
 */
export function SelectOptions<V extends string | number>({
  options,
  blank,
}: {
  options: readonly { value: V; label: ReactNode }[];
  blank?: string;
}) {
  return (
    <>
      {blank === undefined ? null : <option value="">{blank}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

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
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** A labelled search box; the caller keeps its text (to filter as it is typed, or on submit). */
export function SearchInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxLength = 100,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  /** The id of a hint under the box (what may be searched for). */
  describedBy?: string;
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
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

/**
 * A staff page's search form: a search box showing the current search (kept in step when the
 * address changes it) and a submit button; submitting hands over the trimmed text.
 */
export function StaffSearchForm({
  id,
  label,
  placeholder,
  submitLabel,
  current,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  current: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  return (
    <form
      className="admin-people__search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <SearchInput
        id={id}
        label={label}
        value={text}
        placeholder={placeholder}
        onChange={setText}
      />
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </form>
  );
}
