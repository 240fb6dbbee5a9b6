import { PageSelectorButton, pageRange, type PageSelectorProps } from './page-selector-button';
import { useCodeOnIntent } from './use-code-on-intent';
import './pagination.css';

const loadMenu = () => import('./page-selector-menu').then((m) => m.PageSelectorMenu);

/**
 * The page-selector dropdown (docs/product/catalogue.md, "Paging"; page-selector-menu.tsx). Its
 * code (Radix's dropdown menu and tooltip, with floating-ui) loads when a person reaches for the
 * button, not with the listing (docs/product/storefront-ux.md, Lighthouse); a press before then
 * opens the menu once it has loaded.
 */
export function PageSelector(props: PageSelectorProps) {
  const { code: Menu, reached, intent } = useCodeOnIntent(loadMenu);
  if (Menu) return <Menu {...props} defaultOpen={reached.open} autoFocus={reached.focus} />;
  return (
    <div className="page-selector">
      <PageSelectorButton
        {...pageRange(props)}
        {...intent}
        aria-haspopup="menu"
        aria-expanded={false}
      />
    </div>
  );
}
