import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { SecondaryButton } from '@/components/ui/buttons';

/** Loading, error and empty states of a content list; children render the loaded data. */
export function PageState<T extends { data: unknown[] }>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('content');
  if (query.isPending) {
    return (
      <p className="content-note" role="status">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="content-note content-note--error" role="alert">
        <p>{t('loadFailed')}</p>
        <SecondaryButton onClick={() => void query.refetch()}>{t('retry')}</SecondaryButton>
      </div>
    );
  }
  if (!query.data.data.length) return <p className="content-note">{empty}</p>;
  return <>{children(query.data)}</>;
}
