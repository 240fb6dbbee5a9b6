import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/** docs/product/storefront-ux.md tooltip delays. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Radix tooltip provider with the docs/product/storefront-ux.md delays. NOTE: each component with a tooltip wraps
 * itself in this, rather than app/provider.tsx wrapping the app: importing Radix Tooltip in the
 * entry would pull the whole tooltip (and floating-ui) into the home route's bundle, over the
 * 150 KB gzip budget.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}
