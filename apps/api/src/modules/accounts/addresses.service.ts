import pick from 'lodash-es/pick.js';
import type { PaymentTerms, ShipToAddress } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import type { OrderShipTo } from '../../db/schema';
import { reasonError } from '../../lib/app-error';
import {
  selectTermsAndShipTo,
  selectAddresses,
  selectPaymentTerms,
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
