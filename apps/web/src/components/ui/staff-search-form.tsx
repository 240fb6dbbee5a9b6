import { useEffect, useState } from 'react';
import { SearchInput } from './filter-fields';

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
