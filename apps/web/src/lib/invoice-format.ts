import { formatMoney } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';

/** An invoice's amounts (cents) in its currency, and its days (YYYY-MM-DD), in the reader's language. */
export function useInvoiceFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    money: (cents: number, currency: 'CAD' | 'USD') =>
      formatMoney(lang, currency === 'USD' ? 'us' : 'ca')(cents),
    day: (isoDay: string) =>
      new Date(`${isoDay}T12:00:00Z`).toLocaleDateString(`${lang}-CA`, {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
  };
}
