import { addDays, canTransition, shopToday, type OrderStatus } from '@wholesale/contract';
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
import { Random } from './random';

/**
 * The demo's order desk: what staff did to the demo orders before the seed's clock, written as the
 * desk writes it (docs/product/back-office-orders.md "Order workflow"), so a demo order's status is
 * backed by its records. Each step of an allowed transition is a history row (who, when); a
 * shipping step writes the parcel with every waiting line and issues its invoice through the
 * desk's own invoice workflow (workflows/issue-invoice.ts), dated the shop day it shipped. The
 * steps are planned first and walked together, the shipments in time order, so invoice numbers
 * follow their issue dates as the counter would have given them.
 * NOTE: the desk's changeOrderStatus is not called: it stamps the database's now() on the parcel
 * and the history, and queues the buyer's mail and the ERP's webhook, which a past step must not.
 */

/** One step the desk took, at an instant before the seed's clock. */
export type DemoStep = { to: Exclude<OrderStatus, 'placed'>; at: Date };

/** How a shipped order's invoice was paid: by the card on file when it shipped, or before it fell due. */
export type DemoSettlement = 'card_on_file' | 'before_due';

/** An invoice the demo desk issued. */
export type DemoInvoice = { id: number; totalCents: number; issuedOn: string; dueOn: string };

type Staff = { id: number; email: string };
type Plan = { orderId: number; steps: DemoStep[]; settle?: DemoSettlement };

const HOUR = 3_600_000;

/**
 * The steps of an order placed at `placedAt` that reached `status`, spread over `hours` (each
 * later than the one before, the last before `now`): accepted, picking and shipped for a shipped
 * order; the one step for an accepted or cancelled one; none for a placed one.
 */
export function demoSteps(
  status: OrderStatus,
  placedAt: Date,
  now: Date,
  hours: number,
): DemoStep[] {
  const span = Math.min(hours * HOUR, (now.getTime() - placedAt.getTime()) / 2);
  const after = (share: number) => new Date(placedAt.getTime() + Math.round(span * share));
  if (status === 'shipped')
    return [
      { to: 'accepted', at: after(0.2) },
      { to: 'picking', at: after(0.7) },
      { to: 'shipped', at: after(1) },
    ];
  if (status === 'accepted' || status === 'cancelled') return [{ to: status, at: after(0.3) }];
  return [];
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
      const from = i === 0 ? order.status : plan.steps[i - 1].to;
      if (!canTransition(from, step.to) || step.at > options.now)
        throw new Error(`demo order ${order.id}: ${from} → ${step.to} at ${step.at.toISOString()}`);
      return { orderId: order.id, fromStatus: from, toStatus: step.to, at: step.at };
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
    const paidOn =
      how === 'card_on_file' ? invoice.issuedOn : addDays(invoice.dueOn, -rng.int(1, 12));
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
