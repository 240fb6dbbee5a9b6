import { useParams } from 'react-router';
import { CustomerDetail } from '@/features/admin-customers/components/customer-detail';
import { CustomerInvoices } from '@/features/admin-invoices/components/customer-invoices';

/** /admin/customers/:id (credit, orders): one customer. */
export default function AdminCustomerDetailPage() {
  const id = Number(useParams().id);
  return (
    <>
      <CustomerDetail key={id} customerId={id} />
      {Number.isInteger(id) && id > 0 ? <CustomerInvoices key={`i${id}`} customerId={id} /> : null}
    </>
  );
}
