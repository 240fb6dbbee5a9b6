import type { ReactNode } from 'react';
import { TableHead } from './table-head';
import { TableScroll } from './table-scroll';
import './admin-people.css';

/** A column of a LabelledTable: its id (which `label` names) and what a row shows in it. */
export type TableColumn<T, C extends string = string> = { id: C; cell: (row: T) => ReactNode };

/**
 * A staff table drawn from its columns, every cell carrying its column's name (`data-label`) for
 * the phone layout, which shows it beside the value. `rowTestId` names a row for the tests.
 */
export function LabelledTable<T extends { id: number }, C extends string>({
  caption,
  className,
  columns,
  label,
  rows,
  rowTestId,
}: {
  caption: string;
  className?: string;
  columns: readonly TableColumn<T, C>[];
  label: (column: C) => string;
  rows: readonly T[];
  rowTestId?: (row: T) => string;
}) {
  return (
    <TableScroll label={caption}>
      <table className={['admin-people__table', className].filter(Boolean).join(' ')}>
        <TableHead caption={caption} columns={columns.map((c) => c.id)} label={label} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId?.(row)}>
              {columns.map((c) => (
                <td key={c.id} data-label={label(c.id)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
