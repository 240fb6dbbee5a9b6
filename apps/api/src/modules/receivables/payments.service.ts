import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  allocateOldestFirst,
  allocationProblem,
  type Allocation,
  type PaymentDto,
  type PaymentMethod,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, reasonError } from '../../lib/app-error';
import { recordAudit, recordAuditBy } from '../audit';
import { enqueueWebhookEvent } from '../webhooks';
import { accountPosition, lockCreditAccount } from './account-position.queries';
import { setAccountHold } from './account-hold';
import {
  lockOpenInvoices,
  openInvoices,
  selectCustomer,
  selectCustomerPayments,
  selectPayment,
  selectPaymentByExternalRef,
} from './payments.queries';
import { openInvoiceDto } from './statements.dto';

/** Who records a payment: a staff member, or the ERP through an integration token. */
export type PaymentActor =
  | { kind: 'staff'; id: number; email?: string | null }
  | { kind: 'erp'; tokenId: number; tokenName: string };

export type NewPayment = {
  customerId: number;
  amountCents: number;
  method: PaymentMethod;
  reference?: string | null;
  receivedOn: string;
  /** Omitted: open invoices oldest due first. */
  allocations?: Allocation[];
  /** The ERP's own key: the same key and body answer the same payment. */
  externalRef?: string;
};

const publicDto = (p: PaymentDto & { requestHash?: string | null }): PaymentDto => {
  const { requestHash: _drop, ...dto } = p;
  return dto;
};

/** The fingerprint of a payment request: what makes two ERP calls "the same". */
function requestHash(p: NewPayment): string {
  const canonical = JSON.stringify([
    p.customerId,
    p.amountCents,
    p.method,
    p.reference ?? null,
    p.receivedOn,
    p.allocations?.map((a) => [a.invoiceId, a.amountCents]) ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The same external_ref: the payment it made (same body) or a 409 (another body). */
function replayOrConflict(existing: PaymentDto & { requestHash: string | null }, hash: string) {
  if (existing.requestHash !== hash)
    throw reasonError(
      'CONFLICT',
      'PAYMENT_REF_REUSED',
      { ref: existing.external_ref ?? '' },
      'external_ref',
    );
  return { payment: publicDto(existing), replayed: true };
}

/**
 * Records a payment received from a customer (docs/product/accounts-receivable.md "Payments,
 * statements, interest and receivables"), in ONE transaction: the payment, what it settles (the
 * allocation given, else open invoices oldest due first; never more than an invoice's open amount
 * nor than the payment; the rest stays a credit on the account), the audit row and the
 * `payment.recorded` webhook. The customer's credit account and open invoices are locked first,
 * so concurrent payments settle one after the other.
 */
export async function recordPayment(
  db: Database,
  input: NewPayment,
  actor: PaymentActor,
): Promise<{ payment: PaymentDto; replayed: boolean }> {
  const hash = input.externalRef ? requestHash(input) : null;
  return db.transaction(async (tx) => {
    const customer = await selectCustomer(tx, input.customerId);
    if (!customer) {
      if (actor.kind === 'erp')
        throw reasonError(
          'VALIDATION_FAILED',
          'PAYMENT_CUSTOMER_UNKNOWN',
          undefined,
          'customer_id',
        );
      throw new AppError('NOT_FOUND', 'No such customer');
    }
    if (input.externalRef && hash) {
      const existing = await selectPaymentByExternalRef(tx, input.externalRef);
      if (existing) return replayOrConflict(existing, hash);
    }
    await lockCreditAccount(tx, customer.id, customer.country);
    await lockOpenInvoices(tx, customer.id);
    const open = await openInvoices(tx, customer.id);
    const allocations = input.allocations
      ? checkedAllocations(input, open, customer.country)
      : allocateOldestFirst(input.amountCents, open).allocations;

    const inserted = await tx.execute<{ id: number }>(sql`
      insert into payments (user_id, amount_cents, method, reference, received_on, source,
                            external_ref, request_hash, recorded_by_user_id)
      values (${customer.id}, ${input.amountCents}, ${input.method}, ${input.reference || null},
              ${input.receivedOn}, ${actor.kind}, ${input.externalRef ?? null}, ${hash},
              ${actor.kind === 'staff' ? actor.id : null})
      on conflict (external_ref) where external_ref is not null do nothing
      returning id`);
    const id = inserted.rows[0]?.id;
    if (id === undefined) {
      // Another call with the same external_ref committed while this one waited for the locks.
      const existing = await selectPaymentByExternalRef(tx, input.externalRef ?? '');
      if (existing && hash) return replayOrConflict(existing, hash);
      throw new AppError('CONFLICT');
    }
    for (const a of allocations) {
      await tx.execute(sql`
        insert into settlements (invoice_id, payment_id, amount_cents)
        values (${a.invoiceId}, ${id}, ${a.amountCents})`);
    }
    const payment = publicDto((await selectPayment(tx, Number(id)))!);
    await recordAudit(tx, {
      actorId: actor.kind === 'staff' ? actor.id : null,
      actorEmail: actor.kind === 'staff' ? (actor.email ?? null) : `integration:${actor.tokenName}`,
      action: 'payment.record',
      entity: 'payment',
      entityId: payment.id,
      after: {
        customer_id: payment.customer_id,
        amount_cents: payment.amount_cents,
        method: payment.method,
        reference: payment.reference,
        received_on: payment.received_on,
        source: payment.source,
        external_ref: payment.external_ref,
        settlements: payment.settlements.map((s) => ({
          invoice_id: s.invoice_id,
          amount_cents: s.amount_cents,
        })),
      },
    });
    await enqueueWebhookEvent(tx, 'payment.recorded', paymentWebhookData(payment));
    return { payment, replayed: false };
  });
}

/** The `payment.recorded` event's data (documented in webhooks.routes.ts). */
export const paymentWebhookData = (p: PaymentDto) => ({
  payment_id: p.id,
  customer_id: p.customer_id,
  amount_cents: p.amount_cents,
  method: p.method,
  reference: p.reference,
  received_on: p.received_on,
  settlements: p.settlements.map((s) => ({
    invoice_id: s.invoice_id,
    amount_cents: s.amount_cents,
  })),
});

function checkedAllocations(
  input: NewPayment,
  open: Awaited<ReturnType<typeof openInvoices>>,
  country: 'ca' | 'us',
): Allocation[] {
  const allocations = input.allocations ?? [];
  const byId = new Map(open.map((i) => [i.id, { openCents: i.openCents, number: i.number }]));
  const problem = allocationProblem(input.amountCents, allocations, byId);
  if (problem)
    throw reasonError('VALIDATION_FAILED', problem.reason, problem.params, problem.field, country);
  return allocations;
}

/**
 * Marks a payment bounced (a returned cheque, a reversed transfer), in ONE transaction: the
 * payment keeps its row with `bounced_at` and the reason and no longer counts in the balance, its
 * settlements are removed (the invoices it paid are open again), the audit row, and when asked the
 * account goes on hold (`bounced_payment`, with the reason as its note).
 */
export async function bouncePayment(
  db: Database,
  paymentId: number,
  change: { reason: string; holdAccount: boolean },
  actor: { id: number; email?: string | null },
): Promise<PaymentDto> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ user_id: number; bounced_at: unknown }>(sql`
      select user_id, bounced_at from payments where id = ${paymentId} for update`);
    const row = locked.rows[0];
    if (!row) throw new AppError('NOT_FOUND', 'No such payment');
    if (row.bounced_at) throw reasonError('CONFLICT', 'PAYMENT_ALREADY_BOUNCED');
    const userId = Number(row.user_id);
    const customer = await selectCustomer(tx, userId);
    await lockCreditAccount(tx, userId, customer?.country ?? 'ca');
    const before = (await selectPayment(tx, paymentId))!;
    await tx.execute(sql`delete from settlements where payment_id = ${paymentId}`);
    await tx.execute(sql`
      update payments set bounced_at = now(), bounce_reason = ${change.reason} where id = ${paymentId}`);
    await recordAuditBy(tx, actor, {
      action: 'payment.bounce',
      entity: 'payment',
      entityId: paymentId,
      before: {
        bounced: false,
        settlements: before.settlements.map((s) => ({
          invoice_id: s.invoice_id,
          amount_cents: s.amount_cents,
        })),
      },
      after: {
        bounced: true,
        bounce_reason: change.reason,
        settlements: [],
        hold_account: change.holdAccount,
      },
    });
    if (change.holdAccount)
      await setAccountHold(tx, { userId, reason: 'bounced_payment', note: change.reason, actor });
    return publicDto((await selectPayment(tx, paymentId))!);
  });
}

/** The staff customer screen's payments section: payments, open invoices and the balance. */
export async function customerPayments(db: Database, customerId: number, asOf: string) {
  const customer = await selectCustomer(db, customerId);
  if (!customer) throw new AppError('NOT_FOUND', 'No such customer');
  const [payments, open, position] = await Promise.all([
    selectCustomerPayments(db, customerId),
    openInvoices(db, customerId),
    accountPosition(db as Tx, customerId),
  ]);
  return {
    country: customer.country,
    balance_cents: position.balanceCents,
    payments: payments.map(publicDto),
    open_invoices: open.map((i) => openInvoiceDto(i, asOf)),
  };
}
