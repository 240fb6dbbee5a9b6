import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a section loads, once loaded: "loading", the failure, the empty message, or the list itself. */
export function Loaded<T>({
  query,
  failed,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T };
  failed: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin-integrations');
  if (query.isPending) return <p aria-busy="true">{t('loading')}</p>;
  if (query.isError || query.data === undefined) return <p role="alert">{failed}</p>;
  if (isEmpty(query.data)) return <p>{empty}</p>;
  return children(query.data);
}

/** A form field's error (`${id}-error`, for the control's aria-describedby), when it has one. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="field-error">
      {error}
    </p>
  ) : null;
}
