import type { ReactNode } from 'react';
import { useCodeOnIntent } from '@/components/ui/use-code-on-intent';
import { FiltersDrawerButton } from './filters-drawer-button';

const loadDrawer = () => import('./filters-drawer-dialog').then((m) => m.FiltersDrawerDialog);

/**
 * Phones: the filters live in a drawer behind a button that shows how many filters are on
 * (filters-drawer-dialog.tsx). The drawer's code (Radix's dialog) loads when a person reaches for
 * the button, not with the listing (docs/product/storefront-ux.md, Lighthouse); a press before then
 * opens the drawer once it has loaded. Wider screens keep the panel beside the results (CSS shows
 * one or the other).
 */
export function FiltersDrawer({ active, children }: { active: number; children: ReactNode }) {
  const { code: Drawer, reached, intent } = useCodeOnIntent(loadDrawer);
  if (Drawer)
    return (
      <Drawer active={active} defaultOpen={reached.open} autoFocus={reached.focus}>
        {children}
      </Drawer>
    );
  return (
    <div className="filters-drawer__bar">
      <FiltersDrawerButton
        active={active}
        {...intent}
        aria-haspopup="dialog"
        aria-expanded={false}
      />
    </div>
  );
}
