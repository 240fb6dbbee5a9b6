import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { TooltipProvider } from './tooltip-provider';
import { ChevronDown } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './pagination.css';

export type PageSelectorProps = {
  /** Defaults to 1 (docs/product/catalogue.md, "Paging"). */
  currentPage?: number;
  /** Defaults to 10. */
  lastPage?: number;
  onSelect: (page: number) => void;
};

/**
 * The page-selector dropdown (docs/product/catalogue.md, "Paging"): shows the current page with a
 * 'Select a Page' tooltip (delays from TooltipProvider); the menu lists pages 1 to last (max height
 * 15rem, scrollable) with the current page checked and focused; choosing a page sets it and closes
 * the menu; a click outside or Escape closes it. Radix's dropdown menu does the keyboard, focus and
 * dismissal work.
 */
export function PageSelector({ currentPage = 1, lastPage = 10, onSelect }: PageSelectorProps) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);
  const last = Math.max(1, Math.trunc(lastPage) || 1);
  const current = Math.min(Math.max(1, Math.trunc(currentPage) || 1), last);

  /**
   * The menu opens on the current page: focused before Radix would focus the menu itself (its focus
   * scope leaves focus that is already inside), and the list, not the page, scrolled to show it.
   */
  const focusCurrent = useCallback((item: HTMLElement | null) => {
    const list = item?.closest<HTMLElement>('.page-selector__list');
    if (!item || !list) return;
    item.focus({ preventScroll: true });
    list.scrollTop = Math.max(0, item.offsetTop - (list.clientHeight - item.offsetHeight) / 2);
  }, []);

  return (
    <div className="page-selector">
      <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
        <TooltipProvider>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <DropdownMenu.Trigger asChild>
                <button
                  type="button"
                  className="page-selector__button"
                  aria-label={`${t('pagination.selectPage')}: ${t('pagination.pageOf', { page: current, last })}`}
                >
                  {t('pagination.pageOf', { page: current, last })}
                  <ChevronDown size={14} aria-hidden="true" />
                </button>
              </DropdownMenu.Trigger>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content className="tooltip" sideOffset={4}>
                {t('pagination.selectPage')}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </TooltipProvider>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="page-selector__list"
            aria-label={t('pagination.selectPage')}
            align="start"
            sideOffset={4}
          >
            <DropdownMenu.RadioGroup
              value={String(current)}
              onValueChange={(value) => {
                const page = Number(value);
                if (page !== current) onSelect(page);
              }}
            >
              {Array.from({ length: last }, (_, i) => i + 1).map((page) => (
                <DropdownMenu.RadioItem
                  key={page}
                  value={String(page)}
                  ref={page === current ? focusCurrent : undefined}
                  className="page-selector__option"
                >
                  {page}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
