import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the back office's invoice screens. */
export const adminInvoiceKeys = createQueryKeys('admin-invoices');
