import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressBookCalls, useAddressBookWrites } from '@/lib/address-book';
import { accountsKeys } from './keys';

const BASE = '/me/addresses';

/** GET /api/me/addresses: the buyer's address book, default first. */
export const addressBookQuery = () =>
  queryOptions({ queryKey: accountsKeys.key('addresses'), queryFn: addressBookCalls(BASE).get });

export const useAddressBook = () => useQuery(addressBookQuery());

/** POST, PUT, POST …/default and DELETE of /api/me/addresses, optimistic (lib/address-book.ts). */
export const useAddressBookChanges = () => useAddressBookWrites(BASE, addressBookQuery().queryKey);
