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
