import type { PhoneOrderCheckoutResponse } from '@wholesale/contract';

/**
 * What the phone-order page reads before placing for customer 40, Pat Owner of Yarn Barn, in
 * `country` (customer code CA100040 or US100040): net 30 terms, the earliest ship date 2026-11-24,
 * no address and no opening minimum. A test overrides what it checks.
 */
export function aPhoneCheckout(
  country: 'ca' | 'us',
  overrides: Partial<PhoneOrderCheckoutResponse> = {},
): PhoneOrderCheckoutResponse {
  return {
    status: true,
    addresses: [],
    payment_terms: 'net_30',
    opening_minimum: null,
    earliest_ship_date: '2026-11-24',
    customer: {
      id: 40,
      name: 'Pat Owner',
      company: 'Yarn Barn',
      email: 'pat@example.com',
      customer_code: `${country.toUpperCase()}100040`,
      lang: 'en',
      country,
    },
    ...overrides,
  };
}
