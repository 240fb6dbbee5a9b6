import type { ReactNode } from 'react';
import { useErrorMessage } from '@/lib/error-message';
import { LoadingOverlay } from './loading-overlay';

/**
 * A buyer's list page (orders, returns, invoices, favourites) while its list loads, when it failed
 * (`failed`, where the page names what, then why) and, once loaded, when it holds nothing
 * (`children`, what the page says then). The list itself is the caller's.
 */
export function ListStatus({
  query,
  loading = query.isPending,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** Also while the page asked for is past the last one, on the way back to it. */
  loading?: boolean;
  failed?: string;
  empty: boolean;
  children: ReactNode;
}) {
  const errorMessage = useErrorMessage();
  return (
    <>
      {loading ? <LoadingOverlay /> : null}
      {query.isError ? (
        <p role="alert">
          {failed ? `${failed} ` : null}
          {errorMessage(query.error)}
        </p>
      ) : null}
      {empty ? <p>{children}</p> : null}
    </>
  );
}
