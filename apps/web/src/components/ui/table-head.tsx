import type { ReactNode } from 'react';

/**
 * A data table's caption and column headings, written once so every table names its columns the
 * same accessible way: each heading a `scope="col"` cell, the caption read by screen readers but
 * hidden on screen (the section's own title shows it) unless `captionShown`. A table whose caption
 * holds more than text (a download link) writes its own `<caption>` and passes none here.
 * `columns` are the column ids, `label` names each (a translation key's last part, usually);
 * `hidden` columns (thumbnails, row actions) are named for screen readers only.
 */
export function TableHead<C extends string>({
  caption,
  captionShown = false,
  columns,
  label = (column) => column,
  hidden = [],
}: {
  caption?: ReactNode;
  captionShown?: boolean;
  columns: readonly C[];
  label?: (column: C) => ReactNode;
  hidden?: readonly C[];
}) {
  return (
    <>
      {caption === undefined ? null : (
        <caption className={captionShown ? undefined : 'visually-hidden'}>{caption}</caption>
      )}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {hidden.includes(column) ? (
                <span className="visually-hidden">{label(column)}</span>
              ) : (
                label(column)
              )}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
