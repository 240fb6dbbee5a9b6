import type { CSSProperties } from 'react';

/**
 * A grey placeholder block of a fixed size, shown where content will appear once loaded so nothing
 * moves when it arrives (docs/product/storefront-ux.md). Decorative: screen readers hear the loading status.
 */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span
      className={`skeleton${className ? ` ${className}` : ''}`}
      style={style}
      aria-hidden="true"
    />
  );
}
