import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, toCents } from '@wholesale/contract';
import { useCountry } from './country';

/**
 * Formats dollar amounts as the API sends them, in the storefront's one money format for the current
 * language (docs/product/overview-and-routes.md#money). `country` is the price list the amounts come
 * from (a product card's or an order's); without it, the shopper's country.
 */
export function useMoney(country?: string): (dollars: number) => string {
  const { i18n } = useTranslation();
  const shopperCountry = useCountry();
  const format = formatMoney(i18n.language, country ?? shopperCountry);
  return useMemo(() => (dollars: number) => format(toCents(dollars)), [format]);
}
