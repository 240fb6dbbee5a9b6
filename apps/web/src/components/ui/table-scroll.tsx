import type { ReactNode } from 'react';
import './admin-people.css';

/**
 * The scrolling box of a staff table wider than a phone: a region named like the table that Tab
 * reaches, so the table can be scrolled from the keyboard (axe scrollable-region-focusable, found
 * by the layout walk).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-people__table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
