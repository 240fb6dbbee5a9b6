import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderDeskDetail } from '@/features/admin-orders/components/order-desk-detail';
import { useStoreName } from '@/lib/store-identity';

/** /admin/orders/:id (staff): one order with its workflow actions. */
export default function AdminOrderDetailPage() {
  const { t } = useTranslation(['admin-orders', 'common']);
  const storeName = useStoreName();
  const id = Number(useParams().id);
  useEffect(() => {
    document.title = `${t('admin-orders:detail.title', { id })} | ${storeName}`;
  }, [t, id, storeName]);
  return <OrderDeskDetail orderId={id} />;
}
