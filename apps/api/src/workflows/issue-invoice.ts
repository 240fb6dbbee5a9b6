import { shopToday } from '@wholesale/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { billingAddress } from '../modules/accounts';
import { adminIdentity } from '../modules/identity';
import type { OnShipment } from '../modules/orders';
import { billedLine, issueShipmentInvoice, storeRegistrations } from '../modules/receivables';

/**
 * The invoice of a shipment (docs/product/accounts-receivable.md "Invoices"): the order desk calls
 * this in the shipment's transaction, so the parcel and its invoice commit or roll back together.
 * Issued on the shop's today by the app's clock (tests inject it).
 */
export function shipmentInvoicer(app: Pick<FastifyInstance, 'clock'>): OnShipment {
  return async (tx, parcel) => {
    await invoiceShipment(tx, parcel, shopToday(app.clock.now()));
  };
}

/**
 * Issues the invoice of one shipped parcel, dated `issuedOn` (the shop day it shipped): the orders
 * module hands what the parcel carries; the accounts module gives the bill-to address, the store
 * identity its registration numbers (as saved now), and the receivables module numbers and writes
 * it. The desk's hook above and the demo seed's past shipments (db/seed/demo-desk.ts) share it.
 */
export async function invoiceShipment(
  tx: Tx,
  parcel: Parameters<OnShipment>[1],
  issuedOn: string,
): Promise<{ id: number; totalCents: number; dueOn: string }> {
  const { order, customer } = parcel;
  // NOTE: read in the transaction, not through the app's cached reader: on PGlite (one
  // connection) a read outside the open transaction would wait for it to end.
  const billTo = await billingAddress(tx, order.userId);
  const { identity } = await adminIdentity(tx);
  const { invoice } = await issueShipmentInvoice(tx, {
    userId: order.userId,
    orderId: order.id,
    shipmentId: parcel.shipmentId,
    country: order.country,
    lang: customer.lang,
    issuedOn,
    paymentTerms: order.paymentTerms,
    poNumber: order.poNumber,
    billTo,
    shipTo: order.shipTo,
    taxRates: order.taxes.map((t) => ({ kind: t.kind, rate: t.rate })),
    registrations: storeRegistrations(identity, order.country),
    lines: parcel.lines.map(billedLine),
    actor: parcel.actor,
  });
  return { id: invoice.id, totalCents: invoice.totalCents, dueOn: invoice.dueOn };
}
