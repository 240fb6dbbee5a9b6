import * as Tooltip from '@radix-ui/react-tooltip';
import { TooltipProvider } from './tooltip-provider';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './pagination.css';

export type PageSelectorProps = {
  /** Defaults to 1 (SPEC.md §2). */
  currentPage?: number;
  /** Defaults to 10 (SPEC.md §2). */
  lastPage?: number;
  onSelect: (page: number) => void;
};

/**
 * SPEC.md §2 page-selector dropdown: shows the current page with a 'Select a Page' tooltip (delays
 * 700/300 ms from TooltipProvider); the list holds pages 1 to last (max height 15rem,
 * scrollable); choosing a page sets it and closes the list; a click outside or Escape closes it.
 */
export function PageSelector({ currentPage = 1, lastPage = 10, onSelect }: PageSelectorProps) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const last = Math.max(1, Math.trunc(lastPage) || 1);
  const current = Math.min(Math.max(1, Math.trunc(currentPage) || 1), last);
  const [active, setActive] = useState(current);

  useEffect(() => {
    if (!open) return;
    setActive(current);
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, current]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-page="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const choose = (page: number) => {
    setOpen(false);
    if (page !== current) onSelect(page);
  };

  const onListKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in moves) {
      event.preventDefault();
      setActive((a) => Math.min(last, Math.max(1, a + moves[event.key])));
    } else if (event.key === 'Home') {
      event.preventDefault();
      setActive(1);
    } else if (event.key === 'End') {
      event.preventDefault();
      setActive(last);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="page-selector" ref={root}>
      <TooltipProvider>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <button
              type="button"
              className="page-selector__button"
              aria-haspopup="listbox"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              aria-label={`${t('pagination.selectPage')}: ${t('pagination.pageOf', { page: current, last })}`}
              onClick={() => setOpen((o) => !o)}
            >
              {t('pagination.pageOf', { page: current, last })}
              <ChevronDown size={14} aria-hidden="true" />
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content className="tooltip" sideOffset={4}>
              {t('pagination.selectPage')}
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </TooltipProvider>
      {open && (
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          tabIndex={-1}
          className="page-selector__list"
          aria-label={t('pagination.selectPage')}
          aria-activedescendant={`${listId}-${active}`}
          onKeyDown={onListKey}
        >
          {Array.from({ length: last }, (_, i) => i + 1).map((page) => (
            <li
              key={page}
              id={`${listId}-${page}`}
              role="option"
              data-page={page}
              aria-selected={page === current}
              className={`page-selector__option${page === active ? ' page-selector__option--active' : ''}`}
              onClick={() => choose(page)}
            >
              {page}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
