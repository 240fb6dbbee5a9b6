import type { Key } from 'react';
import { useErrorMessage } from '@/lib/error-message';
import { LabelledTable, type TableColumn } from './labelled-table';
import { LoadingOverlay } from './loading-overlay';
import { ResultPagination } from './pagination';
import { useLoadedPageInRange } from './use-page-in-range';
import './admin-people.css';
import { StaffAlert } from './staff-alert';

/** One page of a staff list as the API answers it. */
type ResultPage<T> = { data: T[]; total: number; current_page: number; last_page: number };

/** What a staff list says: how many it found, its message when empty, its caption and column headings. */
type StaffListWords<C extends string> = {
  count: (total: number) => string;
  empty: string;
  caption: string;
  label: (column: C) => string;
};

/**
 * A staff list's translations under the usual keys: `count` (plural), `empty`, `title` (the
 * table's caption) and `columns.<column>`. The list passes its `t` (with a keyPrefix where the list
 * is a part of its namespace); a key the namespace lacks is a type error there.
 */
type StaffListText<C extends string> = (
  key: 'count' | 'empty' | 'title' | `columns.${C}`,
  options?: { count: number },
) => string;

const wordsOf = <C extends string>(text: StaffListText<C>): StaffListWords<C> => ({
  count: (total) => text('count', { count: total }),
  empty: text('empty'),
  caption: text('title'),
  label: (column) => text(`columns.${column}`),
});

/**
 * A staff list's results (order desk, customers, audit log): loading, the error, the count, the table (or the
 * empty message) and the pages. The caller names the columns and what each shows (a LabelledTable's
 * columns), and the words: `text` where its translations use the usual keys, or each of them. A page past the last one (an old link, a list that shrank) goes to the last page
 * through `goToLastPage`, which should replace the address; the loading state shows meanwhile,
 * never an empty page.
 */
export function StaffResults<T, C extends string>({
  query,
  page,
  onPage,
  goToLastPage,
  loadFailed,
  columns,
  rowKey,
  rowTestId,
  tableClassName,
  ...said
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: ResultPage<T> };
  /** The page asked for (the previous and next buttons step from it). */
  page: number;
  onPage: (page: number) => void;
  goToLastPage: (lastPage: number) => void;
  /** What the error says before the reason, where the list names what failed. */
  loadFailed?: string;
  columns: readonly TableColumn<T, C>[];
  rowKey?: (row: T) => Key;
  rowTestId?: (row: T) => string;
  /** More classes of the table (`stacked-table`: one small grid a row on a phone). */
  tableClassName?: string;
} & (StaffListWords<C> | { text: StaffListText<NoInfer<C>> })) {
  const { count, empty, caption, label } = 'text' in said ? wordsOf(said.text) : said;
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
            className={tableClassName}
            columns={columns}
            label={label}
            rows={data.data}
            rowKey={rowKey}
            rowTestId={rowTestId}
            empty={empty}
          />
          <ResultPagination data={data} page={page} onPage={onPage} />
        </>
      ) : null}
    </>
  );
}
