import { CreditPage } from '@/features/receivables/components/credit-page';

/** /profile/credit: the buyer's credit, open invoices, aging and statements (GET /api/account/credit). */
export default function AccountCreditPage() {
  return <CreditPage />;
}
