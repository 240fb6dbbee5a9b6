import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a staff section shows of what it loads: "Loading…" while pending, `failed` as an alert, the
 * `empty` sentence when `isEmpty` says there is nothing, or else `children` with the data.
 */
export function Loaded<T>({
  query,
  failed,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T };
  failed: string;
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (query.isPending) return <p aria-busy="true">{t('loading')}</p>;
  if (query.isError || query.data === undefined) return <p role="alert">{failed}</p>;
  if (isEmpty?.(query.data)) return <p>{empty}</p>;
  return <>{children(query.data)}</>;
}
