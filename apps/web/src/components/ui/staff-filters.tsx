import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import './admin-people.css';
import { SelectOptions } from './filter-fields';

type Option = { value: string; label: string };

/**
 * One control of a staff list's filters. A select with `live` applies its choice at once; every
 * other control is read from the form when it is submitted. A search box grows to the row's width.
 */
type StaffFilter =
  | { name: string; label: string; options: readonly Option[]; live?: boolean }
  | {
      name: string;
      label: string;
      type?: 'search' | 'date';
      maxLength?: number;
      placeholder?: string;
    };

const LOOKS = {
  row: { className: 'admin-filters', fieldClassName: 'admin-filter' },
  fields: { className: 'admin-people__search', fieldClassName: 'admin-people__field' },
};

/**
 * The filter form of a staff list (order desk, applications, audit log), drawn from its list of
 * controls. The form shows the filter the address carries and starts again when the address
 * changes what it submits; `apply` gets the submitted values (trimmed) or the live choice.
 * `children` follow the submit button (the desk's export link).
 */
export function StaffFilters<F extends Record<string, string | number>>({
  idPrefix,
  text,
  filter: [current, apply],
  look = 'row',
  controls,
  children,
}: {
  idPrefix: string;
  /** The form's name for screen readers (`filters`) and its submit button's (`apply`). */
  text: (key: 'filters' | 'apply') => string;
  /** The filter the address carries and its update, as useUrlFilter answers them. */
  filter: [F, (values: Partial<F>) => void];
  /** A row of labelled controls, or the staff pages' fields. */
  look?: keyof typeof LOOKS;
  controls: readonly StaffFilter[];
  children?: ReactNode;
}) {
  const { className, fieldClassName } = LOOKS[look];
  const submitted = controls.flatMap((c) => ('options' in c && c.live ? [] : [c.name]));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    apply(Object.fromEntries(submitted.map((name) => [name, read(name)])) as Partial<F>);
  };
  const value = (name: string) => String(current[name] ?? '');
  return (
    <form
      key={submitted.map(value).join('|')}
      className={className}
      role="search"
      aria-label={text('filters')}
      onSubmit={onSubmit}
    >
      {controls.map((c) => {
        const id = `${idPrefix}-${c.name}`;
        const grow = 'type' in c && c.type === 'search' ? ` ${fieldClassName}--grow` : '';
        return (
          <div key={c.name} className={fieldClassName + grow}>
            <label htmlFor={id}>{c.label}</label>
            {'options' in c ? (
              <select
                id={id}
                name={c.name}
                {...(c.live
                  ? {
                      value: value(c.name),
                      onChange: (e: ChangeEvent<HTMLSelectElement>) =>
                        apply({ [c.name]: e.target.value } as Partial<F>),
                    }
                  : { defaultValue: value(c.name) })}
              >
                <SelectOptions options={c.options} />
              </select>
            ) : (
              <input
                id={id}
                name={c.name}
                type={c.type ?? 'text'}
                maxLength={c.type === 'date' ? undefined : (c.maxLength ?? 100)}
                placeholder={c.placeholder}
                defaultValue={value(c.name)}
              />
            )}
          </div>
        );
      })}
      <button type="submit" className="button">
        {text('apply')}
      </button>
      {children}
    </form>
  );
}
