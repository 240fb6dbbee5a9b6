import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OrdersDesk } from '@/features/admin-orders/components/orders-desk';

/** /admin/orders (staff): the order desk. */
export default function AdminOrdersPage() {
  const { t } = useTranslation(['admin-orders', 'common']);
  useEffect(() => {
    document.title = `${t('admin-orders:title')} | ${t('common:brand.name')}`;
  }, [t]);
  return <OrdersDesk />;
}
