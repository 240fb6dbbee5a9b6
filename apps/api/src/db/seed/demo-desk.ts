import {
  addDays,
  canTransition,
  orderWaits,
  shopToday,
  type OrderStatus,
} from '@wholesale/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  orderLines,
  orders,
  orderStatusHistory,
  payments,
  settlements,
  shipments,
  users,
} from '../schema';
import { invoiceShipment } from '../../workflows/issue-invoice';
import { addOfficeMinutes, businessDayOnOrBefore, isOfficeTime } from './office-hours';
import { Random } from './random';

/**
 * The demo's order desk: what staff did to the demo orders before the seed's clock, written as the
 * desk writes it (docs/product/back-office-orders.md "Order workflow"), so a demo order's status is
 * backed by its records. Each step of an allowed transition is a history row (who, when, why for a
 * cancellation), taken in office hours (office-hours.ts), never accepting an order that waits for
 * credit (the desk's own refusals, checked on every step); a shipping step writes the parcel with
 * every waiting line and issues its invoice through the desk's own invoice workflow
 * (workflows/issue-invoice.ts), dated the shop day it shipped. The steps are planned first and
 * walked together, the shipments in time order, so invoice numbers follow their issue dates as the
 * counter would have given them.
 * NOTE: the desk's changeOrderStatus is not called: it stamps the database's now() on the parcel
 * and the history, and queues the buyer's mail and the ERP's webhook, which a past step must not.
 */

/** One step the desk took, at an instant before the seed's clock (a cancellation says why). */
export type DemoStep = { to: Exclude<OrderStatus, 'placed'>; at: Date; note?: string };

/** How a shipped order's invoice was paid: by the card on file when it shipped, or before it fell due. */
export type DemoSettlement = 'card_on_file' | 'before_due';

/** What became of a demo order in the end: shipped in full, or cancelled before it was accepted. */
export type DemoOutcome = 'shipped' | 'cancelled';

/** An invoice the demo desk issued. */
export type DemoInvoice = { id: number; totalCents: number; issuedOn: string; dueOn: string };

type Staff = { id: number; email: string };
type Plan = { orderId: number; steps: DemoStep[]; settle?: DemoSettlement };

/** Why the desk cancelled a demo order, as staff note it in the order's history. */
const CANCEL_REASONS = [
  'Customer asked to cancel: ordered twice',
  'Customer asked to cancel: will reorder with the next delivery',
  'Cancelled at the customer’s request by phone',
] as const;

/**
 * The desk's steps toward `outcome` for an order placed at `placedAt`, each some office time after
 * the one before (office-hours.ts; drawn from `pace`): accepted within a working day, picked
 * within another and shipped within two more; or cancelled, with the customer's reason, within a
 * working day. Only the steps up to `now` have happened, so a recent order is still placed,
 * accepted or being picked, and an older one has shipped or was cancelled.
 */
export function demoSteps(
  outcome: DemoOutcome,
  placedAt: Date,
  now: Date,
  pace: Random,
): DemoStep[] {
  const first = addOfficeMinutes(placedAt, pace.int(15, 8 * 60));
  let steps: DemoStep[];
  if (outcome === 'cancelled')
    steps = [{ to: 'cancelled', at: first, note: pace.pick(CANCEL_REASONS) }];
  else {
    const picking = addOfficeMinutes(first, pace.int(30, 8 * 60));
    const shipped = addOfficeMinutes(picking, pace.int(60, 16 * 60));
    steps = [
      { to: 'accepted', at: first },
      { to: 'picking', at: picking },
      { to: 'shipped', at: shipped },
    ];
  }
  return steps.filter((step) => step.at <= now);
}

/**
 * Why the desk could not have taken `step` after `from` (at `after`, the order's previous step),
 * or null: the workflow's transitions, in time order before the clock, in office hours, and an
 * order waiting for credit (a hold, an opening deposit not received) is not accepted, as the
 * desk's changeOrderStatus refuses it (ORDER_ON_CREDIT_HOLD, ORDER_WAITS_FOR_DEPOSIT).
 */
function stepProblem(
  order: typeof orders.$inferSelect,
  from: OrderStatus,
  after: Date,
  step: DemoStep,
  now: Date,
): string | null {
  if (!canTransition(from, step.to)) return 'not a step of the workflow';
  if (step.at <= after || step.at > now) return 'not after the step before, or after the clock';
  if (!isOfficeTime(step.at)) return 'outside office hours';
  if (step.to === 'accepted' && orderWaits(order).length > 0) return 'the order waits for credit';
  return null;
}

/** A payment recorded by credit staff that settles `invoiceId` by all of it. */
export async function payDemoInvoice(
  tx: Tx,
  invoiceId: number,
  payment: Pick<
    typeof payments.$inferInsert,
    'userId' | 'amountCents' | 'method' | 'reference' | 'receivedOn' | 'recordedByUserId'
  >,
): Promise<void> {
  const [row] = await tx.insert(payments).values(payment).returning({ id: payments.id });
  await tx
    .insert(settlements)
    .values({ invoiceId, paymentId: row.id, amountCents: payment.amountCents });
}

/** A parcel's tracking number, deterministic from the order and the day (carrier's format). */
function trackingNumber(carrier: string, orderId: number, day: string): string {
  const digits = `${String(orderId).padStart(6, '0')}${day.replaceAll('-', '')}`;
  return carrier === 'ups' ? `1Z9DEMO${digits.slice(-11)}` : `70${digits}`;
}

/**
 * A desk for one seed run: `plan` the steps of each order, then `walk` them all. Payments by the
 * plans' settlements are recorded by `creditId`; their days and references come from `seed`.
 */
export function demoDesk(
  tx: Tx,
  options: { staff: Staff; creditId: number | null; now: Date; seed: number },
) {
  const plans: Plan[] = [];
  const rng = new Random(options.seed + 3);
  const today = shopToday(options.now);

  /** The order's history rows, status and version; the parcel and invoice when it shipped. */
  const walkOne = async (plan: Plan): Promise<{ userId: number; invoice: DemoInvoice | null }> => {
    const [{ order, customer }] = await tx
      .select({
        order: orders,
        customer: { id: users.id, lang: users.lang, country: users.country },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, plan.orderId));
    // Each step an allowed one from the status before it, all written in one statement.
    const history = plan.steps.map((step, i) => {
      const before = i === 0 ? { to: order.status, at: order.createdAt } : plan.steps[i - 1];
      const problem = stepProblem(order, before.to, before.at, step, options.now);
      if (problem)
        throw new Error(
          `demo order ${order.id}: ${before.to} → ${step.to} at ${step.at.toISOString()}: ${problem}`,
        );
      return {
        orderId: order.id,
        fromStatus: before.to,
        toStatus: step.to,
        at: step.at,
        note: step.note,
      };
    });
    await tx
      .insert(orderStatusHistory)
      .values(history.map((h) => ({ ...h, actorUserId: options.staff.id })));
    const shipped = plan.steps.find((s) => s.to === 'shipped');
    const invoice = shipped ? await ship(order, customer, shipped.at) : null;
    const last = plan.steps.at(-1)!;
    await tx
      .update(orders)
      .set({ status: last.to, version: order.version + plan.steps.length, updatedAt: last.at })
      .where(eq(orders.id, order.id));
    return { userId: order.userId, invoice };
  };

  /** Every waiting line leaves in one parcel; its invoice is issued on the shop day it shipped. */
  const ship = async (
    order: typeof orders.$inferSelect,
    customer: Parameters<typeof invoiceShipment>[1]['customer'],
    at: Date,
  ): Promise<DemoInvoice> => {
    const day = shopToday(at);
    const carrier = order.country === 'us' ? 'ups' : 'canada_post';
    const [parcel] = await tx
      .insert(shipments)
      .values({
        orderId: order.id,
        carrier,
        trackingNumber: trackingNumber(carrier, order.id, day),
        shippedByUserId: options.staff.id,
        shippedAt: at,
      })
      .returning({ id: shipments.id });
    const lines = await tx
      .update(orderLines)
      .set({ shipmentId: parcel.id })
      .where(and(eq(orderLines.orderId, order.id), isNull(orderLines.shipmentId)))
      .returning();
    const invoice = await invoiceShipment(
      tx,
      {
        shipmentId: parcel.id,
        order: { ...order, taxes: order.taxes ?? [] },
        customer,
        lines: lines.sort((a, b) => a.id - b.id),
        actor: options.staff,
      },
      day,
    );
    return { ...invoice, issuedOn: day };
  };

  /** Pays the invoice as the plan says: by card when issued, or by cheque or transfer before due. */
  const settle = async (userId: number, how: DemoSettlement, invoice: DemoInvoice) => {
    if (how === 'before_due' && invoice.dueOn >= today) return;
    // A cheque or a transfer is recorded on a business day (the invoice's issue day is one).
    const paidOn =
      how === 'card_on_file'
        ? invoice.issuedOn
        : businessDayOnOrBefore(addDays(invoice.dueOn, -rng.int(1, 12)));
    const cheque = rng.chance(0.5);
    await payDemoInvoice(tx, invoice.id, {
      userId,
      amountCents: invoice.totalCents,
      method: how === 'card_on_file' ? 'card_on_file' : cheque ? 'cheque' : 'transfer',
      reference:
        how === 'card_on_file'
          ? 'Card on file ending 4242'
          : cheque
            ? `Cheque ${rng.int(1000, 1999)}`
            : `Transfer ${rng.int(100000, 999999)}`,
      receivedOn: paidOn,
      recordedByUserId: options.creditId,
    });
  };

  return {
    /** The steps `orderId` took after it was placed, and how its invoice was paid (if at all). */
    plan(orderId: number, steps: DemoStep[], settlement?: DemoSettlement): void {
      if (steps.length) plans.push({ orderId, steps, settle: settlement });
    },
    /**
     * Walks every planned order, those that ship in the order they shipped; answers the invoice
     * issued for each shipped order (by order id). Paid invoices are settled as planned.
     */
    async walk(): Promise<Map<number, DemoInvoice>> {
      const shippedAt = (p: Plan) =>
        p.steps.find((s) => s.to === 'shipped')?.at.getTime() ?? Number.NEGATIVE_INFINITY;
      const invoices = new Map<number, DemoInvoice>();
      const ordered = plans.splice(0).sort((a, b) => shippedAt(a) - shippedAt(b));
      for (const plan of ordered) {
        const { userId, invoice } = await walkOne(plan);
        if (!invoice) continue;
        invoices.set(plan.orderId, invoice);
        if (plan.settle) await settle(userId, plan.settle, invoice);
      }
      return invoices;
    },
  };
}
