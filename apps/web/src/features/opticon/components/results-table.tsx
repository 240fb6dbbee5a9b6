import type { OpticonLineResult } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { OpticonTable } from './opticon-table';

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
      <OpticonTable
        testId="opticon-results"
        caption={t('results.caption')}
        statusColumn="result"
        rows={results.map((r) => ({
          ...r,
          statusText: t(`results.status.${r.status}`, { count: r.added }),
        }))}
      />
    </div>
  );
}
