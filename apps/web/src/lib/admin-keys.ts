import type { QueryClient } from '@tanstack/react-query';
import { createQueryKeys } from './query-keys';

/**
 * Query keys of back-office screens that another feature's writes make stale, shared here because
 * features never import each other: an order's deposit, its released hold, its status or a phone
 * order change Receivables' orders waiting for credit, the home's counts and the customer's page.
 */
export const adminReceivablesKeys = createQueryKeys('admin-receivables');
export const adminHomeKeys = createQueryKeys('admin-home');
export const customerKeys = createQueryKeys('admin-customers');

/** One page of the orders waiting for credit (Receivables, first section). */
export const waitingOrdersKey = (page: number) => adminReceivablesKeys.key('waiting-orders', page);

/**
 * After a staff write to an order that can change whether it waits for credit (a deposit recorded,
 * a hold released, a status change such as a cancel, a phone order placed): the cached pages of the
 * orders waiting for credit and the home (its waiting, to-accept and to-ship counts) load again at
 * once, off screen too, so the list and the count a staff member goes back to are already right;
 * the customer's page (its open orders, available credit, last orders) loads again when it is next
 * shown. The write does not wait for these screens, which are not the one on show.
 */
export function refreshAfterOrderWrite(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: adminReceivablesKeys.key('waiting-orders'),
    refetchType: 'all',
  });
  void queryClient.invalidateQueries({ queryKey: adminHomeKeys.all, refetchType: 'all' });
  void queryClient.invalidateQueries({ queryKey: customerKeys.all });
}
