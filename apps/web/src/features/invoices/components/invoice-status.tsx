import type { InvoiceStatus } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';

/** Open, paid or overdue, as a badge (the words carry the meaning; colour only adds to it). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <span className={`invoice-status invoice-status--${status}`}>{t(`status.${status}`)}</span>
  );
}
