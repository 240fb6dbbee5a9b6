import { useTranslation } from 'react-i18next';
import { OrdersDesk } from '@/features/admin-orders/components/orders-desk';
import { usePageTitle } from '@/lib/page-title';

/** /admin/orders (staff): the order desk. */
export default function AdminOrdersPage() {
  const { t } = useTranslation('admin-orders');
  usePageTitle(t('title'));
  return <OrdersDesk />;
}
