import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderDeskDetail } from '@/features/admin-orders/components/order-desk-detail';

/** /admin/orders/:id (staff): one order with its workflow actions. */
export default function AdminOrderDetailPage() {
  const { t } = useTranslation(['admin-orders', 'common']);
  const id = Number(useParams().id);
  useEffect(() => {
    document.title = `${t('admin-orders:detail.title', { id })} | ${t('common:brand.name')}`;
  }, [t, id]);
  return <OrderDeskDetail orderId={id} />;
}
