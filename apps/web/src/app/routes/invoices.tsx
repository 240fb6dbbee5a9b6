import { InvoiceList } from '@/features/invoices/components/invoice-list';

/** /invoices: the buyer's invoices (GET /api/invoices), each with its PDF. */
export default function InvoicesPage() {
  return <InvoiceList />;
}
