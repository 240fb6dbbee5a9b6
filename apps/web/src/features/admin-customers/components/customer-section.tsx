import type { Country } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffAlert } from '@/components/ui/staff-alert';
import { useErrorMessage } from '@/lib/error-message';

/** What a section of the staff customer screen is given: whose it is, their country, and whether
 * the staff member may change it (credit staff and admins). */
export type CustomerSectionProps = { customerId: number; country: Country; canEdit: boolean };

/**
 * A section of the staff customer screen (addresses, payments, tax certificates): its title and the
 * words under it, then what the section read once it is there, the loading state meanwhile, or why
 * the read failed (in the customer's terms). `after` follows whatever the read gave (its forms).
 * `name` gives the section its test id and its title's id (`${name}-title`).
 */
export function CustomerSection<T>({
  name,
  title,
  intro,
  query,
  country,
  children,
  after,
}: {
  name: string;
  title: string;
  intro?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T };
  country: Country;
  children: (data: T) => ReactNode;
  after?: ReactNode;
}) {
  const errorMessage = useErrorMessage(country);
  return (
    <section aria-labelledby={`${name}-title`} data-testid={name}>
      <h2 id={`${name}-title`}>{title}</h2>
      {intro}
      {query.isPending ? (
        <LoadingOverlay />
      ) : query.isError || query.data === undefined ? (
        <StaffAlert>{errorMessage(query.error)}</StaffAlert>
      ) : (
        children(query.data)
      )}
      {after}
    </section>
  );
}
