import { pageWindow } from '@wholesale/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './pagination.css';

export type PaginationProps = {
  currentPage: number;
  /** The last page (docs/product/catalogue.md "totalPages (or last_page)"). */
  totalPages: number;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (page: number) => void;
  className?: string;
};

/**
 * docs/product/catalogue.md pagination bar: previous, next and numbered buttons; first and last pages and one
 * neighbour each side of the current page; an ellipsis where pages are skipped. Previous is disabled
 * on page 1, next on the last page. The window itself is the contract's pure `pageWindow`.
 */
export function Pagination({
  currentPage,
  totalPages,
  onPrevious,
  onNext,
  onSelect,
  className,
}: PaginationProps) {
  const { t } = useTranslation('catalogue');
  const last = Math.max(1, Math.trunc(totalPages) || 1);
  const current = Math.min(Math.max(1, Math.trunc(currentPage) || 1), last);
  return (
    <nav
      className={`pagination${className ? ` ${className}` : ''}`}
      aria-label={t('pagination.label')}
    >
      <button
        type="button"
        className="pagination__step"
        onClick={onPrevious}
        disabled={current <= 1}
        aria-label={t('pagination.previous')}
      >
        <ChevronLeft size={16} aria-hidden="true" />
        <span className="pagination__step-text">{t('pagination.previousShort')}</span>
      </button>
      <ul className="pagination__pages">
        {pageWindow(current, last).map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={`pagination__page${item.page === current ? ' pagination__page--current' : ''}`}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item.page })}
                onClick={() => item.page !== current && onSelect(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__step"
        onClick={onNext}
        disabled={current >= last}
        aria-label={t('pagination.next')}
      >
        <span className="pagination__step-text">{t('pagination.nextShort')}</span>
        <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}

/**
 * The pagination bar of a list the API answers a page of, shown only when there is more than one
 * page; previous and next step from the `page` asked for, and `onPage` goes to the page chosen.
 */
export function ResultPagination({
  data,
  page,
  onPage,
}: {
  data: { current_page: number; last_page: number };
  page: number;
  onPage: (page: number) => void;
}) {
  return data.last_page > 1 ? (
    <Pagination
      currentPage={data.current_page}
      totalPages={data.last_page}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
      onSelect={onPage}
    />
  ) : null;
}
