import { useParams } from 'react-router';
import { CustomerDetail } from '@/features/admin-customers/components/customer-detail';

/** /admin/customers/:id (credit, orders): one customer. */
export default function AdminCustomerDetailPage() {
  const id = Number(useParams().id);
  return <CustomerDetail key={id} customerId={id} />;
}
