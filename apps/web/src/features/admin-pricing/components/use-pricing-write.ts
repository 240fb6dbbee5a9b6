import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorMessage } from '@/lib/error-message';
import { useChangePricing, type PricingChange } from '../api/change-pricing';

/**
 * Sends one change of the price list screen; a toast says it worked (`done` text, else "Saved"),
 * or why not in the staff member's language.
 */
export function usePricingWrite() {
  const { t } = useTranslation('admin-pricing');
  const describe = useErrorMessage();
  const change = useChangePricing();
  const send = (request: PricingChange, after?: { done?: string; then?: () => void }) =>
    change.mutate(request, {
      onSuccess: () => {
        toast.success(after?.done ?? t('saved'));
        after?.then?.();
      },
      onError: (error) => toast.error(t('failed'), { description: describe(error) }),
    });
  return { send, pending: change.isPending };
}
