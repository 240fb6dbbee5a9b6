import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderDeskDetail } from '@/features/admin-orders/components/order-desk-detail';
import { usePageTitle } from '@/lib/page-title';

/** /admin/orders/:id (staff): one order with its workflow actions. */
export default function AdminOrderDetailPage() {
  const { t } = useTranslation(['admin-orders', 'common']);
  const id = Number(useParams().id);
  usePageTitle(t('admin-orders:detail.title', { id }));
  return <OrderDeskDetail orderId={id} />;
}
