import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PhoneOrderPage } from '@/features/admin-orders/components/phone-order-page';
import { usePageTitle } from '@/lib/page-title';

/** /admin/orders/phone[/:customerId] (orders): pick a customer, then order their cart for them. */
export default function AdminPhoneOrderRoute() {
  const { t } = useTranslation('admin-orders');
  const raw = useParams().customerId;
  const customerId = raw === undefined ? undefined : Number(raw);
  usePageTitle(t('phone.title'));
  return <PhoneOrderPage key={raw ?? ''} customerId={customerId} />;
}
