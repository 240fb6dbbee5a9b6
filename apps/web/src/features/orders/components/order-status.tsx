import type { OrderStatus } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <span className={`order-status order-status--${status}`}>{t(`status.${status}`)}</span>;
}

/** Dates of orders in the reader's language. */
export function useOrderDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Date(iso).toLocaleDateString(`${i18n.language}-CA`, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
}

/**
 * A calendar day (YYYY-MM-DD: the requested ship date) as useOrderDate writes an order's date. Read
 * at noon UTC and written in UTC, so no time zone moves it to the day before.
 */
export function useOrderDay(): (isoDay: string) => string {
  const { i18n } = useTranslation();
  return (isoDay: string) =>
    new Date(`${isoDay}T12:00:00Z`).toLocaleDateString(`${i18n.language}-CA`, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
}

/** " since 3 November 2026" after an order's status badge; nothing without a date. */
export function OrderStatusSince({ at }: { at?: string }) {
  const { t } = useTranslation('orders');
  const formatDate = useOrderDate();
  if (!at) return null;
  return (
    <span className="order-status-since">
      {' '}
      {t('followUp.statusSince', { date: formatDate(at) })}
    </span>
  );
}
