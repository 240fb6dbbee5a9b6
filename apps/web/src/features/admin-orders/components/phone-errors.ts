import { formatMoney, reasonValues, type Country } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';

/**
 * Refusals worded for staff ("the customer's cart", "the customer's country"), not for the buyer
 * ("your cart", "your country"): the phone order's own, and the buyer's cart refusals staff meet
 * when they change the customer's cart.
 */
const STAFF_REASONS = [
  'NOTHING_SELECTED',
  'OPENING_MINIMUM',
  'UNKNOWN_ADDRESS',
  'ACCOUNT_NOT_ACTIVE',
  'NOT_SOLD_HERE',
  'OUT_OF_STOCK',
  'CART_LINE_MISSING',
] as const;
type StaffReason = (typeof STAFF_REASONS)[number];

/** The reason of a refusal when staff have their own words for it. */
export function staffReason(error: unknown): StaffReason | undefined {
  const key = error instanceof ApiError ? error.reason?.key : undefined;
  return (STAFF_REASONS as readonly string[]).includes(key ?? '')
    ? (key as StaffReason)
    : undefined;
}

/** Error text for a phone order: staff wording for the cart refusals, money in the customer's currency. */
export function usePhoneErrorMessage(country: Country): (error: unknown) => string {
  const { t, i18n } = useTranslation('admin-orders');
  const errorMessage = useErrorMessage(country);
  return (error) => {
    const key = staffReason(error);
    if (key && error instanceof ApiError) {
      const values = reasonValues(error.reason?.params, formatMoney(i18n.language, country));
      return t(`phone.reasons.${key}`, values);
    }
    return errorMessage(error);
  };
}
