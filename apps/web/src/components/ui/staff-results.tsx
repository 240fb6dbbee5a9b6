import type { Key } from 'react';
import { useErrorMessage } from '@/lib/error-message';
import { LabelledTable, type TableColumn } from './labelled-table';
import { LoadingOverlay } from './loading-overlay';
import { Pagination } from './pagination';
import { useLoadedPageInRange } from './use-page-in-range';
import './admin-people.css';
import { StaffAlert } from './staff-alert';

/** One page of a staff list as the API answers it. */
type ResultPage<T> = { data: T[]; total: number; current_page: number; last_page: number };

/**
 * A staff list's results (order desk, customers, audit log): loading, the error, the count, the table (or the
 * empty message) and the pages. The caller names the columns and what each shows (a LabelledTable's
 * columns). A page past the last one (an old link, a list that shrank) goes to the last page
 * through `goToLastPage`, which should replace the address; the loading state shows meanwhile,
 * never an empty page.
 */
export function StaffResults<T, C extends string>({
  query,
  page,
  onPage,
  goToLastPage,
  loadFailed,
  count,
  empty,
  caption,
  columns,
  label,
  rowKey,
  rowTestId,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: ResultPage<T> };
  /** The page asked for (the previous and next buttons step from it). */
  page: number;
  onPage: (page: number) => void;
  goToLastPage: (lastPage: number) => void;
  /** What the error says before the reason, where the list names what failed. */
  loadFailed?: string;
  count: (total: number) => string;
  empty: string;
  caption: string;
  columns: readonly TableColumn<T, C>[];
  label: (column: C) => string;
  rowKey?: (row: T) => Key;
  rowTestId?: (row: T) => string;
}) {
  const errorMessage = useErrorMessage();
  const data = useLoadedPageInRange(page, query.data, goToLastPage);
  return (
    <>
      {!data && !query.isError ? <LoadingOverlay /> : null}
      {query.isError ? (
        <StaffAlert>
          {loadFailed ? `${loadFailed} ` : null}
          {errorMessage(query.error)}
        </StaffAlert>
      ) : null}
      {data ? (
        <>
          <p aria-live="polite">{count(data.total)}</p>
          <LabelledTable
            caption={caption}
            columns={columns}
            label={label}
            rows={data.data}
            rowKey={rowKey}
            rowTestId={rowTestId}
            empty={empty}
          />
          {data.last_page > 1 ? (
            <Pagination
              currentPage={data.current_page}
              totalPages={data.last_page}
              onPrevious={() => onPage(page - 1)}
              onNext={() => onPage(page + 1)}
              onSelect={onPage}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
