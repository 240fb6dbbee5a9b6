import { useTranslation } from 'react-i18next';
import { plainName } from '@/components/ui/product-thumb';
import { TableHead } from '@/components/ui/table-head';

/** A scanned line as an Opticon table shows it: its status and the words that say it. */
type OpticonRow = {
  code: string;
  quantity: number;
  product_id?: string | null;
  name?: string | null;
  status: string;
  statusText: string;
};

/**
 * An Opticon table (the preview before sending, the results after): one row per scanned code with
 * its quantity, the product it matched and its status, last column named `statusColumn`.
 */
export function OpticonTable({
  testId,
  caption,
  statusColumn,
  rows,
}: {
  testId: string;
  caption: string;
  statusColumn: 'status' | 'result';
  rows: OpticonRow[];
}) {
  const { t } = useTranslation('opticon');
  return (
    <table className="opticon-table" data-testid={testId}>
      <TableHead
        caption={caption}
        columns={['code', 'quantity', 'product', statusColumn]}
        label={(c) => t(`columns.${c}`)}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.code} data-status={r.status}>
            <td>{r.code}</td>
            <td>{r.quantity}</td>
            <td>{r.product_id ? `${r.product_id} — ${plainName(r.name ?? '')}` : '—'}</td>
            <td className={`opticon-status opticon-status--${r.status}`}>{r.statusText}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
