import { sql } from 'drizzle-orm';
import {
  allowedReturnSteps,
  canMoveReturn,
  creditNoteAmounts,
  creditSettlementCents,
  shopToday,
  type AdminReturn,
  type Country,
  type ReturnStatus,
  type TaxKind,
  type TaxLine,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, reasonError } from '../../lib/app-error';
import { recordAuditBy } from '../audit';
import { returnStock } from '../catalogue';
import { nextDocumentNumber } from './account-position.queries';
import { getDeskReturn, linesOf, notFound } from './returns.queries';

/**
 * Returns and credit notes (docs/product/accounts-receivable.md "Returns and credit notes"): a
 * buyer asks lines of a shipped order back within RETURN_WINDOW_DAYS of their shipment; credit
 * staff authorise or refuse; the warehouse receives an authorised return, which issues a credit
 * note (and, when staff say so, puts the packs back in stock) in the same transaction.
 */

type Actor = { id: number; email: string | null };

async function lockReturn(tx: Tx, id: number) {
  const result = await tx.execute<{
    id: number;
    user_id: number;
    order_id: number;
    status: ReturnStatus;
    reason: string;
    staff_note: string | null;
  }>(sql`
    select id, user_id, order_id, status, reason, staff_note
      from return_requests where id = ${id} for update`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return row;
}

function refuseStep(from: ReturnStatus, to: ReturnStatus): AppError {
  const allowed = allowedReturnSteps(from);
  return reasonError('CONFLICT', 'RETURN_TRANSITION_NOT_ALLOWED', {
    from,
    to,
    allowed: allowed.length ? allowed.join(', ') : 'none',
  });
}

/**
 * Credit staff authorise or refuse a requested return, with an optional note the buyer sees;
 * audit-logged. A return that is not `requested` any more answers 409 with what it allows.
 */
export async function decideReturn(
  db: Database,
  input: { id: number; to: 'authorised' | 'refused'; note?: string; actor: Actor },
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, input.id);
    if (!canMoveReturn(row.status, input.to)) throw refuseStep(row.status, input.to);
    const note = input.note?.trim() || null;
    await tx.execute(sql`
      update return_requests
         set status = ${input.to}, staff_note = ${note}, decided_by_user_id = ${input.actor.id},
             decided_at = now(), updated_at = now()
       where id = ${input.id}`);
    await recordAuditBy(tx, input.actor, {
      action: input.to === 'authorised' ? 'return.authorise' : 'return.refuse',
      entity: 'return',
      entityId: input.id,
      before: { status: row.status, staff_note: row.staff_note },
      after: { status: input.to, staff_note: note },
    });
    return getDeskReturn(tx, input.id);
  });
}

/**
 * The warehouse receives an authorised return: in ONE transaction the return becomes `received`,
 * a credit note is issued (the returned packs at the order's frozen unit prices, the order's taxes
 * at their rates, numbered CN-<country>-NNNNNN), applied to the invoices of the lines' shipments
 * (oldest first, never more than each still owes), and with `restock` the packs go back to stock
 * (the catalogue's trigger tells its caches at commit). Both the return and the credit note are
 * audit-logged.
 */
export async function receiveReturn(
  db: Database,
  input: { id: number; restock: boolean; actor: Actor; now: Date },
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, input.id);
    if (!canMoveReturn(row.status, 'received')) throw refuseStep(row.status, 'received');
    const order = await tx.execute<{ country: Country; taxes: unknown }>(sql`
      select country, taxes from orders where id = ${row.order_id}`);
    const country = order.rows[0].country;
    const rawTaxes = order.rows[0].taxes;
    const orderTaxes = (typeof rawTaxes === 'string' ? JSON.parse(rawTaxes) : rawTaxes) as
      TaxLine[] | null;
    const lines = (await linesOf(tx, [row.id])).get(Number(row.id)) ?? [];
    const amounts = creditNoteAmounts(
      lines.map((l) => ({
        quantity: Number(l.quantity),
        shipPack: Number(l.ship_pack),
        unitPriceCents: Number(l.unit_price_cents),
      })),
      (orderTaxes ?? []).map((t) => ({ kind: t.kind as TaxKind, rate: Number(t.rate) })),
    );
    // The invoices of the shipments that carried the returned lines, oldest first, locked so a
    // payment applied at the same time cannot together with this credit settle more than owed.
    const shipmentIds = [...new Set(lines.map((l) => Number(l.shipment_id)).filter(Boolean))];
    const invoices = shipmentIds.length
      ? (
          await tx.execute<{ id: number; total_cents: number; settled: number }>(sql`
            select i.id, i.total_cents,
                   coalesce((select sum(s.amount_cents) from settlements s where s.invoice_id = i.id), 0)::int as settled
              from invoices i
             where i.shipment_id = any(${`{${shipmentIds.join(',')}}`}::int[])
             order by i.issued_on, i.id
             for update of i`)
        ).rows
      : [];
    const number = await nextDocumentNumber(tx, 'credit_note', country);
    const issuedOn = shopToday(input.now);
    const noteReason = `Return #${row.id}: ${row.reason}`;
    let creditNoteId: number | null = null;
    if (amounts.totalCents > 0) {
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into credit_notes (number, user_id, invoice_id, return_id, country, issued_on,
                                  subtotal_cents, taxes, tax_cents, total_cents, reason, issued_by_user_id)
        values (${number}, ${row.user_id}, ${invoices[0]?.id ?? null}, ${row.id}, ${country}, ${issuedOn},
                ${amounts.subtotalCents}, ${JSON.stringify(amounts.taxes)}::jsonb, ${amounts.taxCents},
                ${amounts.totalCents}, ${noteReason}, ${input.actor.id})
        returning id`);
      creditNoteId = Number(inserted.rows[0].id);
      let left = amounts.totalCents;
      const applied: Array<{ invoice_id: number; amount_cents: number }> = [];
      for (const invoice of invoices) {
        const amount = creditSettlementCents(
          left,
          Number(invoice.total_cents),
          Number(invoice.settled),
        );
        if (amount <= 0) continue;
        await tx.execute(sql`
          insert into settlements (invoice_id, credit_note_id, amount_cents)
          values (${invoice.id}, ${creditNoteId}, ${amount})`);
        applied.push({ invoice_id: Number(invoice.id), amount_cents: amount });
        left -= amount;
      }
      await recordAuditBy(tx, input.actor, {
        action: 'credit_note.issue',
        entity: 'credit_note',
        entityId: creditNoteId,
        before: null,
        after: {
          number,
          return_id: Number(row.id),
          customer_id: Number(row.user_id),
          subtotal_cents: amounts.subtotalCents,
          tax_cents: amounts.taxCents,
          total_cents: amounts.totalCents,
          settlements: applied,
        },
      });
    }
    if (input.restock) {
      await returnStock(
        tx,
        country,
        lines.map((l) => ({ id: Number(l.product_id), quantity: Number(l.quantity) })),
      );
    }
    await tx.execute(sql`
      update return_requests
         set status = 'received', received_at = now(), restocked = ${input.restock},
             credit_note_id = ${creditNoteId}, updated_at = now()
       where id = ${row.id}`);
    await recordAuditBy(tx, input.actor, {
      action: 'return.receive',
      entity: 'return',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'received', restocked: input.restock, credit_note: creditNoteId && number },
    });
    return getDeskReturn(tx, row.id);
  });
}
