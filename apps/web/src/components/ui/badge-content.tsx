import type { LucideIcon } from 'lucide-react';

/** What a header badge link shows: its icon, the count and, unless compact, its name. */
export function BadgeContent({
  icon: Icon,
  count,
  label,
  compact,
}: {
  icon: LucideIcon;
  count: number;
  label: string;
  compact: boolean;
}) {
  return (
    <>
      <Icon aria-hidden="true" size={compact ? 22 : 26} />
      <span className="badge-link__count" aria-hidden="true">
        {count}
      </span>
      {compact ? null : (
        <span className="badge-link__label" aria-hidden="true">
          {label}
        </span>
      )}
    </>
  );
}
