import {
  DEFAULT_CREDIT_TERMS,
  MONTHLY_INTEREST_BASIS_POINTS,
  addDays,
  estimateSalesTax,
  exemptTaxes,
  invoiceDueDate,
  monthlyInterestCents,
  openingDepositCents,
  shopToday,
  type Country,
} from '@wholesale/contract';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import { getCheckoutAccount, toShipTo } from '../../modules/accounts';
import { accountPosition, billedLine, nextDocumentNumber } from '../../modules/receivables';
import {
  creditAccounts,
  creditNotes,
  interestCharges,
  invoiceLines,
  invoices,
  orderLines,
  orders,
  orderStatusHistory,
  payments,
  returnLines,
  returnRequests,
  settlements,
  shipments,
  taxExemptions,
} from '../schema';
import { catalogueLookup } from './catalogue-lookup';
import type { GeneratedCatalogue } from './demo';
import { Random } from './random';

/**
 * The demo buyers' trade accounts (docs/product/accounts-receivable.md "Demo data"), so a first
 * start shows every receivables screen filled: credit accounts with limits; for the first Canadian
 * buyer (CA100001) shipped orders with their invoices (one overdue by 45 days), a partial payment,
 * a month's interest, a received return with its credit note and an order on credit hold; for the
 * second (CA100002) an opening order waiting for its deposit; for the US buyer (US100003) a state
 * resale certificate and an invoice it exempted, paid by the card on file. Every date counts back
 * from `now` (the seed's clock), so a seed given a clock writes the same rows.
 */

type Buyer = { id: number; email: string; country: Country; lang: 'en' | 'fr' | 'es' };
type Line = typeof orderLines.$inferInsert;

const eqId = (column: PgColumn, id: number) => eq(column, id);

/** The instant at a shop day's mid-afternoon (Eastern), the same for every run with the same clock. */
const at = (day: string) => new Date(`${day}T19:00:00Z`);

/** The last day of the month before `day`'s (YYYY-MM-DD). */
function endOfPreviousMonth(day: string): string {
  return addDays(`${day.slice(0, 7)}-01`, -1);
}

/**
 * A demo order line: `quantity` ship packs of `product` at its price list's price (the second
 * price when it has one), named `name` in the buyer's language.
 */
export function demoOrderLine(
  product: GeneratedCatalogue['products'][number],
  price: GeneratedCatalogue['prices'][number],
  quantity: number,
  name: string,
  backorder: boolean,
) {
  const unit = price.sellingPrice2Cents ?? price.sellingPriceCents;
  const shipPack = product.shipPack ?? 1;
  return {
    productId: product.id,
    productCode: product.productId,
    name,
    classCode: product.classCode,
    quantity,
    shipPack,
    unitPriceCents: unit,
    lineTotalCents: unit * quantity * shipPack,
    backorder,
  };
}

export type DemoTradeSummary = {
  creditAccounts: number;
  invoices: number;
  payments: number;
  creditNotes: number;
};

export async function seedDemoTrade(
  tx: Tx,
  catalogue: GeneratedCatalogue,
  buyers: Buyer[],
  staff: { creditId: number | null; ordersId: number | null },
  options: { now: Date; seed: number },
): Promise<DemoTradeSummary> {
  const rng = new Random(options.seed + 2);
  const today = shopToday(options.now);
  const byEmail = new Map(buyers.map((b) => [b.email, b]));
  const ca1 = byEmail.get('buyer.ca@example.com');
  const ca2 = byEmail.get('buyer2.ca@example.com');
  const us = byEmail.get('buyer.us@example.com');
  const summary: DemoTradeSummary = { creditAccounts: 0, invoices: 0, payments: 0, creditNotes: 0 };
  if (!ca1 || !ca2 || !us) return summary;

  // Credit accounts (limits set at the end, once the documents are written); the second Canadian
  // account is new and owes a deposit on its opening order.
  await tx.insert(creditAccounts).values([
    { userId: ca1.id, creditLimitCents: 500_000, netDays: 30, openingDepositRequired: false },
    { userId: ca2.id, creditLimitCents: 500_000, netDays: 30, openingDepositRequired: true },
    { userId: us.id, creditLimitCents: 300_000, netDays: 30, openingDepositRequired: false },
  ]);
  summary.creditAccounts = 3;

  const lookup = catalogueLookup(catalogue);
  // An empty catalogue (the import bench's database) has nothing to invoice: accounts only.
  if (!lookup.sellable('ca').length || !lookup.sellable('us').length) return summary;

  /** The buyer's default address, read as the checkout reads it. */
  const defaultAddressOf = async (buyer: Buyer) => {
    const { addresses } = await getCheckoutAccount(tx, buyer.id);
    return addresses.find((a) => a.is_default)!;
  };

  /** `count` lines of the buyer's country's products, `packs` ship packs each. */
  const pickLines = (buyer: Buyer, count: number, packs: [number, number]) =>
    rng.sample(lookup.sellable(buyer.country), count).map((price) => {
      const product = lookup.product(price.productId);
      const quantity = rng.int(packs[0], packs[1]);
      return demoOrderLine(product, price, quantity, lookup.name(product.id, buyer.lang), false);
    });

  /** An order with its lines, estimated taxes (less the buyer's certificates) and first step. */
  const placeDemoOrder = async (
    buyer: Buyer,
    placedOn: string,
    lines: Array<Omit<Line, 'orderId'>>,
    extra: Partial<typeof orders.$inferInsert> & { exemptions?: TaxExemptionSeed[] } = {},
  ) => {
    const { exemptions = [], ...columns } = extra;
    const address = await defaultAddressOf(buyer);
    const copy = toShipTo(address);
    const totalCents = lines.reduce((s, l) => s + l.lineTotalCents, 0);
    const taxes = exemptTaxes(estimateSalesTax(totalCents, buyer.country, copy.region), exemptions);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.id,
        country: buyer.country,
        status: 'placed',
        poNumber: `PO-${rng.int(1000, 9999)}`,
        totalCents,
        shipTo: copy,
        shipToAddressId: address.id,
        paymentTerms: 'net_30',
        taxes: taxes.lines,
        taxCents: taxes.totalCents,
        taxExemptions: taxes.exempted,
        createdAt: at(placedOn),
        ...columns,
      })
      .returning({ id: orders.id });
    const written = await tx
      .insert(orderLines)
      .values(lines.map((l) => ({ ...l, orderId: order.id })))
      .returning();
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: order.id, fromStatus: null, toStatus: 'placed', at: at(placedOn) });
    return { id: order.id, lines: written, shipTo: copy, exemptions };
  };

  /**
   * Ships the whole order on `shippedOn` and issues its invoice: the shipped lines, the taxes of
   * the ship-to region less the certificates, a number from the country's counter (so invoices
   * issued later continue the sequence).
   */
  const shipAndInvoice = async (
    buyer: Buyer,
    order: Awaited<ReturnType<typeof placeDemoOrder>>,
    shippedOn: string,
  ) => {
    const [shipment] = await tx
      .insert(shipments)
      .values({
        orderId: order.id,
        carrier: buyer.country === 'ca' ? 'Canada Post' : 'UPS',
        trackingNumber: `DEMO${order.id}${shippedOn.replaceAll('-', '')}`,
        shippedByUserId: staff.ordersId,
        shippedAt: at(shippedOn),
      })
      .returning({ id: shipments.id });
    for (const line of order.lines)
      await tx
        .update(orderLines)
        .set({ shipmentId: shipment.id })
        .where(eqId(orderLines.id, line.id));
    await tx.update(orders).set({ status: 'shipped' }).where(eqId(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: 'placed',
      toStatus: 'shipped',
      actorUserId: staff.ordersId,
      at: at(shippedOn),
    });
    const subtotal = order.lines.reduce((s, l) => s + l.lineTotalCents, 0);
    const taxes = exemptTaxes(
      estimateSalesTax(subtotal, buyer.country, order.shipTo.region),
      order.exemptions,
    );
    const number = await nextDocumentNumber(tx, 'invoice', buyer.country);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        number,
        userId: buyer.id,
        orderId: order.id,
        shipmentId: shipment.id,
        country: buyer.country,
        lang: buyer.lang,
        issuedOn: shippedOn,
        dueOn: invoiceDueDate(shippedOn, 30),
        paymentTerms: 'net_30',
        billTo: order.shipTo,
        shipTo: order.shipTo,
        subtotalCents: subtotal,
        taxes: taxes.lines,
        taxCents: taxes.totalCents,
        totalCents: subtotal + taxes.totalCents,
        exemptions: taxes.exempted.map((e) => ({
          taxKind: e.kind,
          region: e.region,
          certificateNumber: e.certificateNumber,
        })),
      })
      .returning({ id: invoices.id, totalCents: invoices.totalCents });
    await tx
      .insert(invoiceLines)
      .values(order.lines.map((l) => ({ invoiceId: invoice.id, ...billedLine(l) })));
    summary.invoices += 1;
    return invoice;
  };

  /** A payment recorded by credit staff that settles `invoiceId` by all of it. */
  const payInvoice = async (
    userId: number,
    invoiceId: number,
    payment: Pick<
      typeof payments.$inferInsert,
      'amountCents' | 'method' | 'reference' | 'receivedOn'
    >,
  ) => {
    const [row] = await tx
      .insert(payments)
      .values({ userId, ...payment, recordedByUserId: staff.creditId })
      .returning({ id: payments.id });
    await tx
      .insert(settlements)
      .values({ invoiceId, paymentId: row.id, amountCents: payment.amountCents });
    summary.payments += 1;
  };

  // ----- CA100001: invoices, one overdue by ~45 days, a payment, interest, a return, a hold ----
  const overdueOrder = await placeDemoOrder(ca1, addDays(today, -80), pickLines(ca1, 4, [2, 4]));
  const overdue = await shipAndInvoice(ca1, overdueOrder, addDays(today, -75));
  const currentOrder = await placeDemoOrder(ca1, addDays(today, -24), pickLines(ca1, 3, [2, 3]));
  const current = await shipAndInvoice(ca1, currentOrder, addDays(today, -20));
  const recentOrder = await placeDemoOrder(ca1, addDays(today, -10), pickLines(ca1, 2, [1, 3]));
  await shipAndInvoice(ca1, recentOrder, addDays(today, -8));

  // A cheque paying part of the overdue invoice, before it fell due.
  const paid = Math.round(overdue.totalCents * 0.4);
  await payInvoice(ca1.id, overdue.id, {
    amountCents: paid,
    method: 'cheque',
    reference: 'Cheque 1042',
    receivedOn: addDays(today, -60),
  });

  // Last month's interest on what was overdue (1.5 % a month), its own line on the statement.
  const overdueCents = overdue.totalCents - paid;
  const chargedOn = endOfPreviousMonth(today);
  await tx.insert(interestCharges).values({
    userId: ca1.id,
    period: chargedOn.slice(0, 7),
    chargedOn,
    overdueCents,
    basisPoints: MONTHLY_INTEREST_BASIS_POINTS,
    amountCents: Math.max(1, monthlyInterestCents(overdueCents)),
  });

  // A received return of one pack of the current invoice's first line, and its credit note.
  const returned = currentOrder.lines[0];
  const returnSubtotal = returned.unitPriceCents * returned.shipPack;
  const returnTaxes = estimateSalesTax(returnSubtotal, 'ca', currentOrder.shipTo.region);
  const [request] = await tx
    .insert(returnRequests)
    .values({
      userId: ca1.id,
      orderId: currentOrder.id,
      status: 'received',
      reason: 'Damaged in transit',
      staffNote: 'Authorised: box crushed on delivery',
      decidedByUserId: staff.creditId,
      decidedAt: at(addDays(today, -15)),
      receivedAt: at(addDays(today, -6)),
      restocked: false,
      createdAt: at(addDays(today, -16)),
    })
    .returning({ id: returnRequests.id });
  await tx
    .insert(returnLines)
    .values({ returnId: request.id, orderLineId: returned.id, quantity: 1 });
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number: await nextDocumentNumber(tx, 'credit_note', 'ca'),
      userId: ca1.id,
      invoiceId: current.id,
      returnId: request.id,
      country: 'ca',
      issuedOn: addDays(today, -6),
      subtotalCents: returnSubtotal,
      taxes: returnTaxes.lines,
      taxCents: returnTaxes.totalCents,
      totalCents: returnSubtotal + returnTaxes.totalCents,
      reason: 'Return received',
      issuedByUserId: staff.creditId,
    })
    .returning({ id: creditNotes.id, totalCents: creditNotes.totalCents });
  await tx
    .update(returnRequests)
    .set({ creditNoteId: note.id })
    .where(eqId(returnRequests.id, request.id));
  await tx.insert(settlements).values({
    invoiceId: current.id,
    creditNoteId: note.id,
    amountCents: Math.min(note.totalCents, current.totalCents),
  });
  summary.creditNotes += 1;

  // ----- CA100002: the opening order, waiting for its deposit --------------------------------
  let opening = pickLines(ca2, 4, [3, 5]);
  // NOTE: the Canadian deposit is owed above $800 only: add packs until the order is over it.
  while (opening.reduce((s, l) => s + l.lineTotalCents, 0) <= 80_000)
    opening = opening.map((l) => ({
      ...l,
      quantity: l.quantity + 1,
      lineTotalCents: l.unitPriceCents * (l.quantity + 1) * l.shipPack,
    }));
  const openingTotal = opening.reduce((s, l) => s + l.lineTotalCents, 0);
  await placeDemoOrder(ca2, addDays(today, -1), opening, {
    depositCents: openingDepositCents(openingTotal, 'ca'),
  });

  // ----- US100003: a Vermont resale certificate, an invoice it exempted, paid by card --------
  const certificate: TaxExemptionSeed = {
    taxKind: 'STATE',
    region: 'VT',
    certificateNumber: 'VT-S3-204518',
  };
  await tx.insert(taxExemptions).values({
    userId: us.id,
    ...certificate,
    validFrom: addDays(today, -365),
    validUntil: addDays(today, 365 * 2),
    recordedByUserId: staff.creditId,
    createdAt: at(addDays(today, -365)),
  });
  const usOrder = await placeDemoOrder(us, addDays(today, -30), pickLines(us, 3, [2, 4]), {
    exemptions: [certificate],
  });
  const usInvoice = await shipAndInvoice(us, usOrder, addDays(today, -27));
  await payInvoice(us.id, usInvoice.id, {
    amountCents: usInvoice.totalCents,
    method: 'card_on_file',
    reference: 'Card on file ending 4242',
    receivedOn: addDays(today, -27),
  });

  // Limits: the country's default, raised where the demo balance and open orders would leave less
  // than 5,000 of available credit, so the journeys' new orders are not held by the demo's own
  // documents. NOTE: 5,000 = the demo's margin, not a rule of the terms.
  const available: Record<number, number> = {};
  for (const buyer of [ca1, ca2, us]) {
    const position = await accountPosition(tx, buyer.id);
    const owed = position.balanceCents + position.uninvoicedOpenOrdersCents;
    const limit = Math.max(
      DEFAULT_CREDIT_TERMS[buyer.country].creditLimitCents,
      Math.ceil((owed + 500_000) / 100_000) * 100_000,
    );
    await tx
      .update(creditAccounts)
      .set({ creditLimitCents: limit })
      .where(eqId(creditAccounts.userId, buyer.id));
    available[buyer.id] = limit - owed;
  }

  // CA100001: a large new order beyond its available credit, on credit hold until credit staff
  // release it (held orders do not count as open orders, so the limits above stand).
  let large = pickLines(ca1, 5, [4, 6]);
  while (large.reduce((s, l) => s + l.lineTotalCents, 0) <= available[ca1.id])
    large = large.map((l) => ({
      ...l,
      quantity: l.quantity * 2,
      lineTotalCents: l.unitPriceCents * l.quantity * 2 * l.shipPack,
    }));
  await placeDemoOrder(ca1, addDays(today, -2), large, { holdReason: 'credit_limit' });
  return summary;
}

type TaxExemptionSeed = {
  taxKind: 'STATE' | 'PST' | 'QST';
  region: string;
  certificateNumber: string;
};
