import {
  DEFAULT_CREDIT_TERMS,
  MONTHLY_INTEREST_BASIS_POINTS,
  addDays,
  estimateSalesTax,
  exemptTaxes,
  monthlyInterestCents,
  orderDepositCents,
  shopToday,
  type Country,
} from '@wholesale/contract';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import { getCheckoutAccount, toShipTo } from '../../modules/accounts';
import { accountPosition, lockCreditAccount, nextDocumentNumber } from '../../modules/receivables';
import {
  creditAccounts,
  creditNotes,
  interestCharges,
  orderLines,
  orders,
  orderStatusHistory,
  returnLines,
  returnRequests,
  settlements,
  taxExemptions,
} from '../schema';
import { catalogueLookup } from './catalogue-lookup';
import type { GeneratedCatalogue } from './demo';
import { payDemoInvoice, type demoDesk, type DemoStep } from './demo-desk';
import {
  addOfficeMinutes,
  businessDayOnOrBefore,
  nextOfficeTime,
  shopInstant,
} from './office-hours';
import { Random } from './random';

/**
 * The demo buyers' trade accounts (docs/product/accounts-receivable.md "Demo data"), so a first
 * start shows every receivables screen filled: credit accounts with limits; for the first Canadian
 * buyer (CA100001) shipped orders with their invoices (one overdue by about 45 days), a partial
 * payment, a month's interest, a received return with its credit note and an order on credit
 * hold; for the second (CA100002), a new account opened a few days ago, its first order: the
 * opening order, waiting for its deposit; for the US buyer (US100003) a state resale certificate
 * and an invoice it exempted, paid by the card on file. Every date counts back from `now` (the
 * seed's clock), so a seed given a clock writes the same rows; what staff did is dated in office
 * hours (office-hours.ts). The orders are shipped by the demo desk (demo-desk.ts) with the buyers'
 * past orders, in the order they shipped.
 */

type Buyer = { id: number; email: string; country: Country; lang: 'en' | 'fr' | 'es' };
type Line = typeof orderLines.$inferInsert;

const eqId = (column: PgColumn, id: number) => eq(column, id);

/** The instant at a shop day's mid-afternoon (Eastern), the same for every run with the same clock. */
const at = (day: string) => new Date(`${day}T19:00:00Z`);

/** The instant at `hour` (shop time) of the business day on or before `day`: when staff did it. */
const officeAt = (day: string, hour: number) => shopInstant(businessDayOnOrBefore(day), hour * 60);

/** The demo buyer whose account is new: it owes the opening deposit on its first order. */
const NEW_ACCOUNT = 'buyer2.ca@example.com';

/**
 * When a demo account was opened (users.created_at, "customer since" on the staff customer page):
 * the new one a few days before the clock, the others (and the staff's) two years before.
 */
export function demoAccountOpenedAt(email: string, now: Date): Date {
  const today = shopToday(now);
  return email === NEW_ACCOUNT
    ? officeAt(addDays(today, -6), 10.5)
    : officeAt(addDays(today, -730), 9);
}

/** The lines with one more ship pack on each, until they total more than `cents`. */
export function withPacksAbove<L extends ReturnType<typeof demoOrderLine>>(
  lines: L[],
  cents: number,
): L[] {
  let more = lines;
  while (more.reduce((s, l) => s + l.lineTotalCents, 0) <= cents)
    more = more.map((l) => ({
      ...l,
      quantity: l.quantity + 1,
      lineTotalCents: l.unitPriceCents * (l.quantity + 1) * l.shipPack,
    }));
  return more;
}

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

/**
 * A placed order as the checkout writes it: the buyer's order row in their country (`columns` add
 * the rest and may override), its lines and its first history step, all at `placedAt`.
 */
export async function insertPlacedOrder(
  tx: Tx,
  buyer: { id: number; country: Country },
  placedAt: Date,
  lines: Array<Omit<Line, 'orderId'>>,
  columns: Omit<typeof orders.$inferInsert, 'userId' | 'country'>,
) {
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyer.id,
      country: buyer.country,
      status: 'placed',
      createdAt: placedAt,
      updatedAt: placedAt,
      ...columns,
    })
    .returning({ id: orders.id });
  const written = await tx
    .insert(orderLines)
    .values(lines.map((l) => ({ ...l, orderId: order.id })))
    .returning();
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: 'placed',
    actorUserId: buyer.id,
    at: placedAt,
  });
  return { id: order.id, lines: written };
}

export type DemoTradeSummary = {
  creditAccounts: number;
  invoices: number;
  payments: number;
  creditNotes: number;
};

/** The three demo buyers by their e-mails, or null when one is missing. */
function demoBuyers(buyers: Buyer[]) {
  const byEmail = new Map(buyers.map((b) => [b.email, b]));
  const ca1 = byEmail.get('buyer.ca@example.com');
  const ca2 = byEmail.get('buyer2.ca@example.com');
  const us = byEmail.get('buyer.us@example.com');
  return ca1 && ca2 && us ? { ca1, ca2, us } : null;
}

/** US100003's Vermont resale certificate, valid from a year before the seed's clock. */
const US_CERTIFICATE: TaxExemptionSeed = {
  taxKind: 'STATE',
  region: 'VT',
  certificateNumber: 'VT-S3-204518',
};

/**
 * The demo buyers' credit accounts (limits set by seedDemoTrade, once the documents are written;
 * the new account, CA100002, requires the opening deposit, the established ones had it waived)
 * and the US buyer's resale certificate: written before any demo order, as the accounts were
 * opened before them. Answers how many accounts it opened.
 */
export async function openDemoAccounts(
  tx: Tx,
  buyers: Buyer[],
  staff: { creditId: number | null },
  now: Date,
): Promise<number> {
  const found = demoBuyers(buyers);
  if (!found) return 0;
  const { ca1, ca2, us } = found;
  const today = shopToday(now);
  await tx.insert(creditAccounts).values([
    ...[ca1, ca2, us].map((buyer) => ({
      userId: buyer.id,
      creditLimitCents: DEFAULT_CREDIT_TERMS[buyer.country].creditLimitCents,
      netDays: 30,
      openingDepositRequired: buyer.email === NEW_ACCOUNT,
    })),
  ]);
  await tx.insert(taxExemptions).values({
    userId: us.id,
    ...US_CERTIFICATE,
    validFrom: addDays(today, -365),
    validUntil: addDays(today, 365 * 2),
    recordedByUserId: staff.creditId,
    createdAt: officeAt(addDays(today, -365), 11),
  });
  return 3;
}

/**
 * A shipped demo order's steps: accepted within the hour of office time after it was placed,
 * picked the morning of `shippedOn` (a business day at least two days later) and shipped at 14:00.
 */
const shippedSteps = (placedAt: Date, shippedOn: string): DemoStep[] => [
  { to: 'accepted', at: addOfficeMinutes(placedAt, 45) },
  { to: 'picking', at: shopInstant(shippedOn, 10 * 60) },
  { to: 'shipped', at: shopInstant(shippedOn, 14 * 60) },
];

/** The demo trade accounts' documents (the header above); the accounts are opened before. */
export async function seedDemoTrade(
  tx: Tx,
  catalogue: GeneratedCatalogue,
  buyers: Buyer[],
  staff: { creditId: number | null },
  options: { now: Date; seed: number; desk: ReturnType<typeof demoDesk> },
): Promise<Omit<DemoTradeSummary, 'creditAccounts'>> {
  const rng = new Random(options.seed + 2);
  const today = shopToday(options.now);
  const summary = { invoices: 0, payments: 0, creditNotes: 0 };
  const found = demoBuyers(buyers);
  if (!found) return summary;
  const { ca1, ca2, us } = found;
  const { desk } = options;

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

  /**
   * The opening deposit an order placed at `placedAt` owes, by the rule the checkout applies
   * (accounts-receivable.md "Opening-order deposit"): the account's setting, read under the lock
   * place-order takes, and whether the customer placed an order before that is not cancelled.
   */
  const depositOwed = async (buyer: Buyer, placedAt: Date, subtotalCents: number) => {
    const credit = await lockCreditAccount(tx, buyer.id, buyer.country);
    const earlier = await tx.$count(
      orders,
      and(
        eq(orders.userId, buyer.id),
        ne(orders.status, 'cancelled'),
        lt(orders.createdAt, placedAt),
      ),
    );
    return orderDepositCents(
      subtotalCents,
      buyer.country,
      earlier === 0,
      credit.openingDepositRequired,
    );
  };

  /**
   * An order with its lines, estimated taxes (less the buyer's certificates), the opening deposit
   * it owes and first step.
   */
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
    const depositCents = await depositOwed(buyer, at(placedOn), totalCents);
    const order = await insertPlacedOrder(tx, buyer, at(placedOn), lines, {
      poNumber: `PO-${rng.int(1000, 9999)}`,
      totalCents,
      shipTo: copy,
      shipToAddressId: address.id,
      paymentTerms: 'net_30',
      taxes: taxes.lines,
      taxCents: taxes.totalCents,
      taxExemptions: taxes.exempted,
      depositCents,
      ...columns,
    });
    return { ...order, shipTo: copy, exemptions };
  };

  /** A payment recorded by credit staff that settles `invoiceId` by all of it. */
  const payInvoice = async (
    userId: number,
    invoiceId: number,
    payment: Pick<
      Parameters<typeof payDemoInvoice>[2],
      'amountCents' | 'method' | 'reference' | 'receivedOn'
    >,
  ) => {
    await payDemoInvoice(tx, invoiceId, { userId, ...payment, recordedByUserId: staff.creditId });
    summary.payments += 1;
  };

  /**
   * The order planned to ship on the business day on or before `shipsAbout`, placed `daysBefore`
   * days earlier (the desk walks it below).
   */
  const placeToShip = async (
    buyer: Buyer,
    shipsAbout: string,
    daysBefore: number,
    lines: Array<Omit<Line, 'orderId'>>,
    extra: Parameters<typeof placeDemoOrder>[3] = {},
  ) => {
    const shippedOn = businessDayOnOrBefore(shipsAbout);
    const placedOn = addDays(shippedOn, -daysBefore);
    const order = await placeDemoOrder(buyer, placedOn, lines, extra);
    desk.plan(order.id, shippedSteps(at(placedOn), shippedOn));
    summary.invoices += 1;
    return order;
  };

  // ----- CA100001: invoices, one overdue by ~45 days, a payment, interest, a return, a hold ----
  const day = (n: number) => addDays(today, n);
  const overdueOrder = await placeToShip(ca1, day(-75), 5, pickLines(ca1, 4, [2, 4]));
  const currentOrder = await placeToShip(ca1, day(-20), 4, pickLines(ca1, 3, [2, 3]));
  await placeToShip(ca1, day(-8), 2, pickLines(ca1, 2, [1, 3]));

  // ----- CA100002: its first order, the opening order, waiting for its deposit ---------------
  // NOTE: the Canadian deposit is owed above $800 only: add packs until the order is over it.
  const opening = withPacksAbove(pickLines(ca2, 4, [3, 5]), 80_000);
  await placeDemoOrder(ca2, day(-1), opening);

  // ----- US100003: an invoice its Vermont certificate exempted, paid by card ------------------
  const usOrder = await placeToShip(us, day(-27), 3, pickLines(us, 3, [2, 4]), {
    exemptions: [US_CERTIFICATE],
  });

  // The desk ships these with the buyers' past orders (demo.ts), each invoice numbered in turn.
  const invoices = await options.desk.walk();
  const overdue = invoices.get(overdueOrder.id)!;
  const current = invoices.get(currentOrder.id)!;
  const usInvoice = invoices.get(usOrder.id)!;

  // A cheque paying part of the overdue invoice, before it fell due.
  const paid = Math.round(overdue.totalCents * 0.4);
  await payInvoice(ca1.id, overdue.id, {
    amountCents: paid,
    method: 'cheque',
    reference: 'Cheque 1042',
    receivedOn: businessDayOnOrBefore(addDays(today, -60)),
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

  // A received return of one pack of the current invoice's first line, and its credit note: the
  // buyer asks, credit staff authorise it and the warehouse receives it, in office hours.
  const decidedAt = nextOfficeTime(at(addDays(today, -15)));
  const receivedAt = nextOfficeTime(at(addDays(today, -6)));
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
      decidedAt,
      receivedAt,
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
      issuedOn: shopToday(receivedAt),
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

  // The US invoice, paid by the card on file the day it shipped.
  await payInvoice(us.id, usInvoice.id, {
    amountCents: usInvoice.totalCents,
    method: 'card_on_file',
    reference: 'Card on file ending 4242',
    receivedOn: usInvoice.issuedOn,
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
