import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A back-office link to an order's page: it shows the order's number ("#1042") and is named
 * "Order #1042" on every staff screen (desk, receivables, invoices, returns, customers, home), so
 * a screen reader's list of links and a test find it by one name.
 */
export function StaffOrderLink({ id }: { id: number }) {
  const { t } = useTranslation('staff');
  return (
    <Link to={paths.adminOrder(id)} aria-label={t('orderLink', { id })}>
      #{id}
    </Link>
  );
}
