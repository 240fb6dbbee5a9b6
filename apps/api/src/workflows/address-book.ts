import type { AddressBody, AddressBookEntry } from '@wholesale/contract';
import type { Database, Tx } from '../db/client';
import {
  addAddress,
  editAddress,
  lockUser,
  requireCustomerAccount,
  makeDefaultAddress,
  readAddressBook,
  removeAddress,
  type AddressChange,
  type SessionUser,
} from '../modules/accounts';
import { recordAuditBy } from '../modules/audit';
import { openOrdersByShipToAddress } from '../modules/orders';

/**
 * The address book (docs/product/accounts.md "Addresses"): the accounts module keeps the addresses,
 * the orders module knows which open orders ship to them, so the book is read and changed here.
 * A buyer changes their own book; staff (credit, admin) change a customer's, audit-logged.
 */

/** One change of a book. */
export type AddressBookChange =
  | { kind: 'add'; body: AddressBody }
  | { kind: 'edit'; id: number; body: AddressBody }
  | { kind: 'default'; id: number }
  | { kind: 'remove'; id: number };

const AUDIT_ACTIONS = {
  add: 'customer.address_add',
  edit: 'customer.address_update',
  default: 'customer.address_default',
  remove: 'customer.address_remove',
} as const;

function apply(tx: Tx, userId: number, change: AddressBookChange): Promise<AddressChange> {
  switch (change.kind) {
    case 'add':
      return addAddress(tx, userId, change.body);
    case 'edit':
      return editAddress(tx, userId, change.id, change.body);
    case 'default':
      return makeDefaultAddress(tx, userId, change.id);
    case 'remove':
      return removeAddress(tx, userId, change.id, openOrdersByShipToAddress);
  }
}

/** The account's address book, default first, with each address's open orders. */
export function getAddressBook(db: Database, userId: number): Promise<AddressBookEntry[]> {
  return readAddressBook(db, userId, openOrdersByShipToAddress);
}

/** Staff: a customer's address book; 404 when the id is not a customer's. */
export async function getCustomerAddressBook(
  db: Database,
  customerId: number,
): Promise<AddressBookEntry[]> {
  await requireCustomerAccount(db, customerId);
  return getAddressBook(db, customerId);
}

/**
 * Changes the book of `userId` in one transaction and answers the whole book after it. The
 * account row is locked first, so two changes of one book (say two "make default") queue up.
 * With `staff`, the account must be a customer's (else 404) and the change is written to the
 * audit log (before and after) in the same transaction.
 */
export function changeAddressBook(
  db: Database,
  userId: number,
  change: AddressBookChange,
  staff?: SessionUser,
): Promise<AddressBookEntry[]> {
  return db.transaction(async (tx) => {
    if (staff) await requireCustomerAccount(tx, userId, { lock: true });
    else await lockUser(tx, userId);
    const { before, after } = await apply(tx, userId, change);
    if (staff)
      await recordAuditBy(tx, staff, {
        action: AUDIT_ACTIONS[change.kind],
        entity: 'customer',
        entityId: userId,
        before: before ? { address: before } : null,
        after: after ? { address: after } : null,
      });
    return readAddressBook(tx, userId, openOrdersByShipToAddress);
  });
}
