import { AdminInvoicesList } from '@/features/admin-invoices/components/admin-invoices-list';

/** /admin/invoices (credit, orders): invoices, filtered, with their PDFs. */
export default function AdminInvoicesPage() {
  return <AdminInvoicesList />;
}
