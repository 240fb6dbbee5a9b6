import pick from 'lodash-es/pick.js';
import {
  addressesFromApplication,
  addressRemovalBlock,
  MAX_ADDRESSES,
  type AddressBody,
  type AddressBookEntry,
  type PaymentTerms,
  type ShipToAddress,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import type { OrderShipTo } from '../../db/schema';
import { AppError, reasonError } from '../../lib/app-error';
import {
  countAddresses,
  deleteAddress,
  insertAddress,
  insertAddresses,
  lockAddress,
  lockDefaultAddress,
  selectTermsAndShipTo,
  selectAddresses,
  selectPaymentTerms,
  setDefaultAddress,
  updateAddress,
  type AddressRow,
} from './addresses.queries';

function toAddress(row: AddressRow): ShipToAddress {
  return {
    ...pick(row, 'id', 'label', 'company', 'line1', 'line2', 'city', 'region', 'country'),
    postal_code: row.postalCode,
    is_default: row.isDefault,
  };
}

/** The copy of an address an order keeps (docs/product/cart-and-orders.md, "Checkout"). */
export function toShipTo(address: ShipToAddress): OrderShipTo {
  const { id: _id, is_default: _default, ...shipTo } = address;
  return shipTo;
}

/** The account's billing address as an invoice prints it (bill-to); null when it has none. */
export async function billingAddress(tx: Tx, userId: number): Promise<OrderShipTo | null> {
  const billing = (await selectAddresses(tx, userId)).find((r) => r.isBilling);
  return billing ? toShipTo(toAddress(billing)) : null;
}

/** The account's ship-to addresses (default first) and its payment terms, for the checkout. */
export async function getCheckoutAccount(
  tx: Tx,
  userId: number,
): Promise<{ addresses: ShipToAddress[]; paymentTerms: PaymentTerms }> {
  const [rows, terms] = await Promise.all([
    selectAddresses(tx, userId),
    selectPaymentTerms(tx, userId),
  ]);
  return { addresses: rows.map(toAddress), paymentTerms: terms ?? 'net_30' };
}

/**
 * The payment terms and the address an order ships to: the one asked for (it must be the account's
 * own, else a 4xx naming ship_to_address_id), or the default one (else the first); the address is
 * null when the account has none.
 */
export async function resolveOrderCheckout(
  tx: Tx,
  userId: number,
  addressId: number | undefined,
): Promise<{ address: ShipToAddress | null; paymentTerms: PaymentTerms }> {
  const { address, paymentTerms } = await selectTermsAndShipTo(tx, userId, addressId);
  if (addressId !== undefined && !address)
    throw reasonError('UNPROCESSABLE', 'UNKNOWN_ADDRESS', undefined, 'ship_to_address_id');
  return { address: address ? toAddress(address) : null, paymentTerms };
}

// ----- The address book (docs/product/accounts.md "Addresses") ---------------------------------

/** How many open orders ship to each address of the account (the orders module answers it). */
export type OpenOrdersByAddress = (tx: Tx, userId: number) => Promise<Map<number, number>>;

function toBookEntry(row: AddressRow, openOrders: Map<number, number>): AddressBookEntry {
  return { ...toAddress(row), is_billing: row.isBilling, open_orders: openOrders.get(row.id) ?? 0 };
}

/** The account's address book, default first, each address with its open orders. */
export async function readAddressBook(
  tx: Tx,
  userId: number,
  openOrders: OpenOrdersByAddress,
): Promise<AddressBookEntry[]> {
  const [rows, open] = await Promise.all([selectAddresses(tx, userId), openOrders(tx, userId)]);
  return rows.map((row) => toBookEntry(row, open));
}

const notFound = () =>
  new AppError('NOT_FOUND', 'No such address', {
    reason: { key: 'ADDRESS_NOT_FOUND' },
  });

/** The account's own address, locked; 404 for an unknown id or another account's address. */
async function ownAddress(tx: Tx, userId: number, id: number): Promise<AddressRow> {
  const row = await lockAddress(tx, userId, id);
  if (!row) throw notFound();
  return row;
}

function fromBody(body: AddressBody) {
  return {
    ...pick(body, 'label', 'company', 'line1', 'line2', 'city', 'region', 'country'),
    postalCode: body.postal_code,
  };
}

/** A change of the book, with the address as it was and as it is (for the staff audit log). */
export type AddressChange = { before: ShipToAddress | null; after: ShipToAddress | null };

/**
 * Adds an address to the account's book. The first address of a book becomes its default ship-to.
 */
export async function addAddress(
  tx: Tx,
  userId: number,
  body: AddressBody,
): Promise<AddressChange> {
  // The caller holds the account's row lock, so two adds cannot both pass a count of MAX - 1.
  if ((await countAddresses(tx, userId)) >= MAX_ADDRESSES)
    throw reasonError('CONFLICT', 'ADDRESS_BOOK_FULL', { max: MAX_ADDRESSES });
  const hasDefault = Boolean(await lockDefaultAddress(tx, userId));
  const row = await insertAddress(tx, { ...fromBody(body), userId, isDefault: !hasDefault });
  return { before: null, after: toAddress(row) };
}

/**
 * Rewrites an address of the account's book. Orders already placed keep their own copy of it
 * (orders.ship_to), so an address an open order ships to may be edited.
 */
export async function editAddress(
  tx: Tx,
  userId: number,
  id: number,
  body: AddressBody,
): Promise<AddressChange> {
  const before = await ownAddress(tx, userId, id);
  const after = await updateAddress(tx, id, fromBody(body));
  return { before: toAddress(before), after: toAddress(after) };
}

/** Makes an address of the account's book its default ship-to (preselected at checkout). */
export async function makeDefaultAddress(
  tx: Tx,
  userId: number,
  id: number,
): Promise<AddressChange> {
  const row = await ownAddress(tx, userId, id);
  await lockDefaultAddress(tx, userId);
  await setDefaultAddress(tx, userId, id);
  return { before: toAddress(row), after: { ...toAddress(row), is_default: true } };
}

/**
 * Removes an unused address: not the default ship-to, not the billing address, and no open order
 * ships to it (409 saying which). Closed orders keep their copy of it.
 */
export async function removeAddress(
  tx: Tx,
  userId: number,
  id: number,
  openOrders: OpenOrdersByAddress,
): Promise<AddressChange> {
  const row = await ownAddress(tx, userId, id);
  const count = (await openOrders(tx, userId)).get(id) ?? 0;
  const block = addressRemovalBlock({
    open_orders: count,
    is_billing: row.isBilling,
    is_default: row.isDefault,
  });
  if (block)
    throw reasonError('CONFLICT', block, block === 'ADDRESS_IN_USE' ? { count } : undefined);
  await deleteAddress(tx, id);
  return { before: toAddress(row), after: null };
}

/**
 * The approval step that gives a new account the addresses of its application: billing (flagged)
 * and shipping (the default ship-to), or billing alone as both when shipping repeats it or is empty.
 */
export async function insertApplicationAddresses(
  tx: Tx,
  userId: number,
  form: Record<string, unknown>,
  app: Parameters<typeof addressesFromApplication>[1],
): Promise<void> {
  await insertAddresses(
    tx,
    addressesFromApplication(form, app).map((address) => ({ ...address, userId })),
  );
}
