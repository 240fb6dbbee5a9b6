import type { OpticonLineResult } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { plainName } from '@/components/ui/product-thumb';
import { TableHead } from '@/components/ui/table-head';

const SUMMARY_PARTS = ['added', 'clamped', 'unknown', 'unavailable'] as const;

/** One row per uploaded line: added, clamped (with how many went in), unknown code, unavailable. */
export function ResultsTable({ results }: { results: OpticonLineResult[] }) {
  const { t } = useTranslation('opticon');
  const counts = results.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
    {},
  );
  return (
    <div className="opticon-results" role="status">
      <h3>{t('results.title')}</h3>
      <p>
        {SUMMARY_PARTS.map((part) =>
          t(`results.summary.${part}`, { count: counts[part] ?? 0 }),
        ).join(', ')}
      </p>
      <table className="opticon-table" data-testid="opticon-results">
        <TableHead
          caption={t('results.caption')}
          columns={['code', 'quantity', 'product', 'result']}
          label={(c) => t(`columns.${c}`)}
        />
        <tbody>
          {results.map((r) => (
            <tr key={r.code} data-status={r.status}>
              <td>{r.code}</td>
              <td>{r.quantity}</td>
              <td>{r.product_id ? `${r.product_id} — ${plainName(r.name ?? '')}` : '—'}</td>
              <td className={`opticon-status opticon-status--${r.status}`}>
                {t(`results.status.${r.status}`, { count: r.added })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
