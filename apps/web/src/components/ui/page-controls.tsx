import { PageSelector } from './page-selector';
import { Pagination } from './pagination';
import './pagination.css';

/**
 * A product listing's paging row, above and below its results: the pagination bar and the page
 * selector, both moving to the page chosen.
 */
export function PageControls({
  page,
  lastPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="listing__controls">
      <Pagination
        currentPage={page}
        totalPages={lastPage}
        onPrevious={() => onPage(page - 1)}
        onNext={() => onPage(page + 1)}
        onSelect={onPage}
      />
      <PageSelector currentPage={page} lastPage={lastPage} onSelect={onPage} />
    </div>
  );
}
