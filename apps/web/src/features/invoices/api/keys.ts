import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the buyer's invoices. */
export const invoiceKeys = createQueryKeys('invoices');
