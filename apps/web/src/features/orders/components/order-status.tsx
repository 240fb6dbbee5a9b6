import type { OrderStatus } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { useDates } from '@/lib/dates';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <span className={`order-status order-status--${status}`}>{t(`status.${status}`)}</span>;
}

/** " since 3 November 2026" after an order's status badge; nothing without a date. */
export function OrderStatusSince({ at }: { at?: string }) {
  const { t } = useTranslation('orders');
  const formatDate = useDates().day;
  if (!at) return null;
  return (
    <span className="order-status-since">
      {' '}
      {t('followUp.statusSince', { date: formatDate(at) })}
    </span>
  );
}
