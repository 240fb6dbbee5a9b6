import { PRICE_ENTRIES_PER_PAGE, type AdminPriceEntriesPage } from '@wholesale/contract';
import { useStaffList } from '@/lib/staff-list';
import { pricingKeys } from './keys';

/** GET /api/admin/price-lists/:id/entries: one page of a list's entries, `q` in the code. */
export const useEntries = (listId: number, filter: { page: number; q: string }) =>
  useStaffList<AdminPriceEntriesPage>(
    pricingKeys.detail(listId, { entries: filter }),
    `/admin/price-lists/${listId}/entries`,
    filter,
    PRICE_ENTRIES_PER_PAGE,
  );
