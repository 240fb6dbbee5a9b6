import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminHomeResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { optimisticUpdate } from '@/lib/optimistic-update';
import { adminHomeKeys } from './keys';

/** POST /api/admin/mails/:id/retry (admin): a failed mail goes back in the queue. */
export const retryMail = (id: number) => api.post<unknown>(`/admin/mails/${id}/retry`);

/**
 * Sends a failed mail again, optimistically: it leaves the failed list at once (and counts as
 * waiting) and comes back if the server refuses.
 */
export const useRetryMail = () => {
  const queryClient = useQueryClient();
  const key = adminHomeKeys.details();
  return useMutation({
    mutationFn: retryMail,
    ...optimisticUpdate<AdminHomeResponse, number>(queryClient, key, (previous, id) => {
      const deliveries = previous.data.deliveries;
      if (!deliveries) return previous;
      return {
        ...previous,
        data: {
          ...previous.data,
          deliveries: {
            ...deliveries,
            mails_failed: Math.max(0, deliveries.mails_failed - 1),
            mails_waiting: deliveries.mails_waiting + 1,
            failed_mails: deliveries.failed_mails.filter((m) => m.id !== id),
          },
        },
      };
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminHomeKeys.all }),
  });
};
