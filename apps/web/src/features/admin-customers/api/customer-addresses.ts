import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressBookCalls, useAddressBookWrites } from '@/lib/address-book';
import { customerKeys } from './keys';

const base = (customerId: number) => `/admin/customers/${customerId}/addresses`;

/** GET /api/admin/customers/:id/addresses: the customer's address book, default first. */
export const customerAddressesQuery = (customerId: number) =>
  queryOptions({
    queryKey: customerKeys.key('addresses', customerId),
    queryFn: addressBookCalls(base(customerId)).get,
  });

export const useCustomerAddresses = (customerId: number) =>
  useQuery(customerAddressesQuery(customerId));

/** Staff writes of the customer's book (credit, admin; audited), optimistic (lib/address-book.ts). */
export const useCustomerAddressChanges = (customerId: number) =>
  useAddressBookWrites(base(customerId), customerAddressesQuery(customerId).queryKey);
