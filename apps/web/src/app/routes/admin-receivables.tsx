import { ReceivablesPage } from '@/features/admin-receivables/components/receivables-page';

/** /admin/receivables (credit): customers by amount overdue, the aging export and monthly interest. */
export default function AdminReceivablesPage() {
  return <ReceivablesPage />;
}
