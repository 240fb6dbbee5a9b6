import type { Key, ReactNode } from 'react';
import { TableHead } from './table-head';
import { TableScroll } from './table-scroll';
import './admin-people.css';

/** A column of a LabelledTable: its id (which `label` names) and what a row shows in it. */
export type TableColumn<T, C extends string = string> = { id: C; cell: (row: T) => ReactNode };

/**
 * A data table drawn from its columns, every cell carrying its column's name (`data-label`) for
 * the phone layout, which shows it beside the value. A row is told apart by its `id`, or by
 * `rowKey` for rows without one; `rowTestId` names a row for the tests. `hidden` columns (row
 * actions) are named for screen readers only; with `empty`, no rows show that sentence instead of
 * an empty table.
 */
export function LabelledTable<T, C extends string>({
  caption,
  className,
  columns,
  label,
  rows,
  rowTestId,
  rowKey = (row) => (row as { id: Key }).id,
  hidden,
  empty,
}: {
  caption: string;
  className?: string;
  columns: readonly TableColumn<T, C>[];
  label: (column: C) => string;
  rows: readonly T[];
  rowKey?: (row: T) => Key;
  rowTestId?: (row: T) => string;
  hidden?: readonly C[];
  empty?: string;
}) {
  if (empty !== undefined && rows.length === 0) return <p>{empty}</p>;
  return (
    <ScrollTable
      caption={caption}
      className={['admin-people__table', className].filter(Boolean).join(' ')}
      columns={columns.map((c) => c.id)}
      label={label}
      hidden={hidden}
    >
      {rows.map((row) => (
        <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
          {columns.map((c) => (
            <td key={c.id} data-label={label(c.id)}>
              {c.cell(row)}
            </td>
          ))}
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * A table in its scrolling box (TableScroll, named like the table), its caption and headings
 * (TableHead), then `children`, the body's rows.
 */
export function ScrollTable<C extends string>({
  caption,
  className,
  children,
  ...head
}: {
  caption: string;
  className: string;
  columns: readonly C[];
  label: (column: C) => string;
  hidden?: readonly C[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption}>
      <table className={className}>
        <TableHead caption={caption} {...head} />
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
