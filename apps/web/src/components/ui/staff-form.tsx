import type { ReactNode } from 'react';
import './admin-people.css';

/**
 * A staff form in the staff style: named by its heading (`h2` on a page, `h3` inside a section),
 * its fields, then its submit button, held while the write is `pending`. The page checks the
 * fields itself (noValidate) and `onSubmit` runs without the browser's navigation.
 */
export function StaffForm({
  id,
  title,
  heading: Heading = 'h2',
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  id: string;
  title: ReactNode;
  heading?: 'h2' | 'h3';
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      className="admin-people__form"
      aria-labelledby={`${id}-t`}
    >
      <Heading id={`${id}-t`}>{title}</Heading>
      {children}
      <button type="submit" className="button" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
