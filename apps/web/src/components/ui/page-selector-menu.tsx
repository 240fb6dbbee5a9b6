import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSelectorButton, pageRange, type PageSelectorProps } from './page-selector-button';
import { TooltipProvider } from './tooltip-provider';
import './pagination.css';

/**
 * The page-selector dropdown (docs/product/catalogue.md, "Paging"): shows the current page with a
 * 'Select a Page' tooltip (delays from TooltipProvider); the menu lists pages 1 to last (max height
 * 15rem, scrollable) with the current page checked and focused; choosing a page sets it and closes
 * the menu; a click outside or Escape closes it. Radix's dropdown menu does the keyboard, focus and
 * dismissal work.
 */
export function PageSelectorMenu({
  defaultOpen = false,
  autoFocus = false,
  ...props
}: PageSelectorProps & {
  /** Pressed before this code had loaded (page-selector.tsx): open at once. */
  defaultOpen?: boolean;
  /** Its look-alike had the focus: the button takes it. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(defaultOpen);
  const { current, last } = pageRange(props);
  const { onSelect } = props;

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
                <PageSelectorButton current={current} last={last} autoFocus={autoFocus} />
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
