import { shopToday, type CartLine, type CartResponse } from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, reasonError } from '../../lib/app-error';
import { recordAuditBy, type AuditActor } from '../audit';
import {
  addToCart,
  assertWithinLinePacks,
  changeCartLine,
  dropCartLine,
  readCart,
  type CartOwner,
} from '../cart';
import { phoneCustomer } from './order-desk.service';

/**
 * Phone orders: staff change a customer's cart while the customer reads out codes and quantities
 * (docs/product/back-office-orders.md "Phone orders"). Every change goes through the buyer's own
 * cart service (ship packs, stock clamping, coming-soon and unavailable classes, the customer's
 * country and prices), in one transaction with its audit row: the cart and the record of who
 * changed it commit or roll back together.
 */
export type PhoneCartChange = {
  customerId: number;
  /** The staff member on the phone, for the audit row. */
  staff: AuditActor;
  now: Date;
};

/** The customer's cart as the buyer's cart service sees it: their country, language and day. */
async function customerOwner(tx: Tx, customerId: number, now: Date): Promise<CartOwner> {
  const c = await phoneCustomer(tx, customerId);
  return { userId: c.id, country: c.country, lang: c.lang, today: shopToday(now) };
}

/** What the audit row keeps of a line: its product code and ship packs. */
const lineFacts = (line: Pick<CartLine, 'product_id' | 'item'>) => ({
  line: { product_id: line.product_id, item: line.item },
});

/** Writes the audit row of a staff change to the customer's cart (entity `customer`). */
function auditCartChange(
  tx: Tx,
  change: PhoneCartChange,
  action: 'add' | 'quantity' | 'remove',
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  return recordAuditBy(tx, change.staff, {
    action: `customer.phone_cart_${action}`,
    entity: 'customer',
    entityId: change.customerId,
    before,
    after,
  });
}

/**
 * The buyer's "no such cart line" names the buyer's field (`id`); here the line is the URL's
 * `line_id`. A line of another customer is not found under this customer: the same 404.
 */
function namingLineId(error: unknown): never {
  if (error instanceof AppError && error.reason?.key === 'CART_LINE_MISSING')
    throw reasonError('NOT_FOUND', 'CART_LINE_MISSING', undefined, 'line_id');
  throw error;
}

/** Runs one change in a transaction, on the customer's cart as the buyer's cart service sees it. */
function inCustomerCart(
  db: Database,
  change: PhoneCartChange,
  write: (tx: Tx, owner: CartOwner) => Promise<CartResponse>,
): Promise<CartResponse> {
  return db.transaction(async (tx) =>
    write(tx, await customerOwner(tx, change.customerId, change.now)),
  );
}

/**
 * Adds `item` ship packs of the product whose code is `productCode` to the customer's cart, as the
 * buyer's own add does (an existing line grows; clamped to stock except class N; unavailable or not
 * sold in the customer's country refused). Answers the whole cart with the add's notice.
 */
export function addToPhoneCart(
  db: Database,
  change: PhoneCartChange & { productCode: string; item: number; maxLinePacks: number },
): Promise<CartResponse> {
  assertWithinLinePacks(change.item, change.maxLinePacks);
  return inCustomerCart(db, change, async (tx, owner) => {
    const { notice } = await addToCart(
      tx,
      owner,
      change.productCode,
      change.item,
      change.maxLinePacks,
    );
    const had = notice.requested - change.item;
    await auditCartChange(
      tx,
      change,
      'add',
      had > 0 ? lineFacts({ product_id: notice.product_id, item: had }) : null,
      lineFacts({ product_id: notice.product_id, item: notice.quantity }),
    );
    return readCart(tx, owner, notice);
  });
}

/**
 * Changes one existing line with `apply` and audits the line before and after (`null` once it is
 * gone). A line of another customer's cart is 404 naming `line_id`.
 */
function changeLine(
  db: Database,
  change: PhoneCartChange & { lineId: number },
  action: 'quantity' | 'remove',
  apply: (tx: Tx, owner: CartOwner) => Promise<CartResponse>,
): Promise<CartResponse> {
  return inCustomerCart(db, change, async (tx, owner) => {
    const before = await lineOf(tx, owner, change.lineId);
    const cart = await apply(tx, owner).catch(namingLineId);
    const after = cart.products.find((l) => l.id === change.lineId);
    await auditCartChange(
      tx,
      change,
      action,
      before ? lineFacts(before) : { line: { id: change.lineId } },
      after ? lineFacts(after) : null,
    );
    return cart;
  });
}

/**
 * Sets the ship packs of one line, as the buyer's own change does (clamped to stock, an
 * unavailable product refused).
 */
export function setPhoneCartLine(
  db: Database,
  change: PhoneCartChange & { lineId: number; item: number; maxLinePacks: number },
): Promise<CartResponse> {
  assertWithinLinePacks(change.item, change.maxLinePacks);
  return changeLine(db, change, 'quantity', (tx, owner) =>
    changeCartLine(tx, owner, change.lineId, { item: change.item }),
  );
}

/** Removes one line of the customer's cart. */
export function removePhoneCartLine(
  db: Database,
  change: PhoneCartChange & { lineId: number },
): Promise<CartResponse> {
  return changeLine(db, change, 'remove', (tx, owner) => dropCartLine(tx, owner, change.lineId));
}

/**
 * The line as the customer's cart shows it before a change (for the audit row); undefined when it
 * is not theirs or its product is no longer sold in their country (the cart hides such lines).
 */
async function lineOf(tx: Tx, owner: CartOwner, lineId: number): Promise<CartLine | undefined> {
  const cart = await readCart(tx, owner);
  return cart.products.find((l) => l.id === lineId);
}
