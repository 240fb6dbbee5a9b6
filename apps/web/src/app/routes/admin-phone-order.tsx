import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PhoneOrderPage } from '@/features/admin-orders/components/phone-order-page';

/** /admin/orders/phone[/:customerId] (orders): pick a customer, then order their cart for them. */
export default function AdminPhoneOrderRoute() {
  const { t } = useTranslation(['admin-orders', 'common']);
  const raw = useParams().customerId;
  const customerId = raw === undefined ? undefined : Number(raw);
  useEffect(() => {
    document.title = `${t('admin-orders:phone.title')} | ${t('common:brand.name')}`;
  }, [t]);
  return <PhoneOrderPage key={raw ?? ''} customerId={customerId} />;
}
