import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

export type PageSelectorProps = {
  /** Defaults to 1 (docs/product/catalogue.md, "Paging"). */
  currentPage?: number;
  /** Defaults to 10. */
  lastPage?: number;
  onSelect: (page: number) => void;
};

/** The page shown and the last page, whole and in range. */
export function pageRange({ currentPage = 1, lastPage = 10 }: PageSelectorProps) {
  const last = Math.max(1, Math.trunc(lastPage) || 1);
  const current = Math.min(Math.max(1, Math.trunc(currentPage) || 1), last);
  return { current, last };
}

/** The page selector's button, 'Page 3 of 8 ▾': the menu's trigger and, before its code, its look-alike. */
export function PageSelectorButton({
  current,
  last,
  ...button
}: { current: number; last: number } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('catalogue');
  return (
    <button
      type="button"
      className="page-selector__button"
      aria-label={`${t('pagination.selectPage')}: ${t('pagination.pageOf', { page: current, last })}`}
      {...button}
    >
      {t('pagination.pageOf', { page: current, last })}
      <ChevronDown size={14} aria-hidden="true" />
    </button>
  );
}
