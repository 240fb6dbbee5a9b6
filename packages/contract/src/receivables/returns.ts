/**
 * Returns and credit notes (docs/product/accounts-receivable.md "Returns and credit notes"): the
 * wire shapes of the buyer's and the staff's calls, and the pure rules they run on. Money in
 * integer cents (`…_cents`), dates YYYY-MM-DD.
 */
import { z } from 'zod';
import { optionalOrBlank } from '../common/optional-input';
import { taxOn, type TaxKind, type TaxLine } from '../checkout/rules';
import { dataResponse, listResponse } from '../common';
import { countField, idSchema, staffPageFields } from '../common/safe-input';
import { lineTotalCents } from '../rules/money';
import { InvoiceTaxLine, PRICED_PACKS_FIELDS } from './invoices';
import {
  RETURN_STATUSES,
  RETURN_WINDOW_DAYS,
  type ReturnStatus,
  withinReturnWindow,
} from './terms';

// ----- Pure rules ------------------------------------------------------------------------------

/** The steps a return may take: staff authorise or refuse a request; the warehouse receives an authorised one. */
const RETURN_STEPS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['authorised', 'refused'],
  authorised: ['received'],
  refused: [],
  received: [],
};

/** The statuses a return in `from` may move to (none once refused or received). */
export const allowedReturnSteps = (from: ReturnStatus): readonly ReturnStatus[] =>
  RETURN_STEPS[from];

/** Whether a return in `from` may become `to`. */
export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus): boolean =>
  RETURN_STEPS[from].includes(to);

/**
 * Ship packs of a line the buyer may still ask back: what shipped less what other returns already
 * ask (a refused return gives its packs back), never below zero.
 */
export function returnablePacks(shippedPacks: number, alreadyAskedPacks: number): number {
  return Math.max(0, shippedPacks - alreadyAskedPacks);
}

/** Whether a line shipped on `shippedOn` may be asked back on `today` (RETURN_WINDOW_DAYS, inclusive). */
export const lineReturnable = (shippedOn: string, today: string): boolean =>
  withinReturnWindow(shippedOn, today);

export { RETURN_WINDOW_DAYS };

/** A returned line as the credit note values it: packs at the order's frozen unit price. */
export type CreditedLine = { quantity: number; shipPack: number; unitPriceCents: number };

/** What a credit note comes to. */
export type CreditNoteAmounts = {
  subtotalCents: number;
  taxes: TaxLine[];
  taxCents: number;
  totalCents: number;
};

/**
 * The credit note of a received return: the returned packs at the order's frozen unit prices, each
 * of the order's taxes at its rate on that subtotal (rounded per tax, as the order and invoice are).
 */
export function creditNoteAmounts(
  lines: readonly CreditedLine[],
  rates: ReadonlyArray<{ kind: TaxKind; rate: number }>,
): CreditNoteAmounts {
  const subtotalCents = lines.reduce(
    (sum, l) => sum + lineTotalCents(l.unitPriceCents, l.quantity, l.shipPack),
    0,
  );
  const taxes = rates.map((r) => ({
    kind: r.kind,
    rate: r.rate,
    amountCents: taxOn(subtotalCents, r.rate),
  }));
  const taxCents = taxes.reduce((sum, t) => sum + t.amountCents, 0);
  return { subtotalCents, taxes, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * How much of a credit note settles an invoice: never more than the invoice still owes
 * (its total less what was already settled), nor more than the credit note.
 */
export function creditSettlementCents(
  creditCents: number,
  invoiceTotalCents: number,
  settledCents: number,
): number {
  return Math.max(0, Math.min(creditCents, invoiceTotalCents - settledCents));
}

// ----- Wire shapes -----------------------------------------------------------------------------

const MAX_NOTE = 1000;

/** POST /api/orders/:id/returns: the lines and ship packs asked back, and why. */
export const CreateReturnBody = z.object({
  lines: z
    .array(
      z.object({
        order_line_id: idSchema('order_line_id'),
        quantity: countField(
          100_000,
          'quantity must be a whole number of ship packs of at least 1',
        ),
      }),
      { error: 'lines must list the lines to return' },
    )
    .min(1, { error: 'Choose at least one line to return' })
    .max(500, { error: 'A return holds at most 500 lines' }),
  // Checked by the service (FIELD_REQUIRED) so the web can say it in the buyer's language.
  reason: z
    .string({ error: 'reason must be a text' })
    .max(MAX_NOTE, { error: `reason must be at most ${MAX_NOTE} characters` })
    .optional()
    .default(''),
});
export type CreateReturnBody = z.input<typeof CreateReturnBody>;

export const ReturnIdParams = z.object({ id: idSchema('id') });
export const OrderReturnParams = z.object({ id: idSchema('id') });

export const ReturnStatusEnum = z.enum(RETURN_STATUSES);

export const ReturnLine = z.object({
  order_line_id: z.number().int(),
  product_code: z.string(),
  ...PRICED_PACKS_FIELDS,
});
export type ReturnLine = z.infer<typeof ReturnLine>;

/** A credit note's tax line: an invoice's, its kind read back as any text. */
export const CreditNoteTax = InvoiceTaxLine.extend({ kind: z.string() });

/** A credit note as buyers and staff see it. */
export const CreditNote = z.object({
  id: z.number().int(),
  number: z.string(),
  issued_on: z.string(),
  country: z.enum(['ca', 'us']),
  subtotal_cents: z.number().int(),
  taxes: z.array(CreditNoteTax),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  /** What of it settled the shipment's invoice (0 when there is none or it was paid). */
  applied_cents: z.number().int(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  return_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type CreditNote = z.infer<typeof CreditNote>;

/** A return request with its lines, status and (once received) credit note. */
export const ReturnRequest = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  country: z.enum(['ca', 'us']),
  status: ReturnStatusEnum,
  reason: z.string(),
  staff_note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  received_at: z.string().nullable(),
  restocked: z.boolean(),
  /** The lines' value at the order's prices, before taxes. */
  subtotal_cents: z.number().int(),
  lines: z.array(ReturnLine),
  credit_note: CreditNote.pick({ id: true, number: true, total_cents: true }).nullable(),
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;

/** A return on the staff desk: the request and its customer, what may be done next. */
export const AdminReturn = ReturnRequest.extend({
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    lang: z.enum(['en', 'fr', 'es']),
  }),
  allowed: z.array(ReturnStatusEnum),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

export const ReturnResponse = dataResponse(ReturnRequest);
export type ReturnResponse = z.infer<typeof ReturnResponse>;
export const ReturnListQuery = z.object({
  order_id: idSchema('order_id').optional(),
  ...staffPageFields(25),
});
export type ReturnListQuery = z.input<typeof ReturnListQuery>;
export const ReturnListResponse = listResponse(ReturnRequest);
export type ReturnListResponse = z.infer<typeof ReturnListResponse>;

export const AdminReturnListQuery = z.object({
  status: optionalOrBlank(z.enum(RETURN_STATUSES, { error: 'status is not a return status' })),
  ...staffPageFields(25),
});
export type AdminReturnListQuery = z.input<typeof AdminReturnListQuery>;
export const AdminReturnListResponse = listResponse(AdminReturn).extend({
  /** Returns per status, all customers (the desk's tabs). */
  counts: z.record(z.string(), z.number().int()),
});
export type AdminReturnListResponse = z.infer<typeof AdminReturnListResponse>;
export const AdminReturnResponse = dataResponse(AdminReturn);
export type AdminReturnResponse = z.infer<typeof AdminReturnResponse>;

/** A line of an order as the return form offers it (GET /api/orders/:id/returnable-lines). */
export const ReturnableLine = ReturnLine.pick({
  order_line_id: true,
  product_code: true,
  name: true,
  ship_pack: true,
  unit_price_cents: true,
}).extend({
  /** Ship packs that shipped (0 while the line waits). */
  shipped: z.number().int(),
  /** The shop's calendar day it shipped; null while it waits. */
  shipped_on: z.string().nullable(),
  /** The last day it may be asked back; null while it waits. */
  last_day: z.string().nullable(),
  within_window: z.boolean(),
  /** Ship packs that may still be asked back (shipped less what other returns ask). */
  available: z.number().int(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;
export const ReturnableLinesResponse = dataResponse(z.array(ReturnableLine));
export type ReturnableLinesResponse = z.infer<typeof ReturnableLinesResponse>;

/** POST /api/admin/returns/:id/authorise | refuse: an optional note for the buyer. */
export const DecideReturnBody = z.object({
  note: z
    .string({ error: 'note must be a text' })
    .trim()
    .max(MAX_NOTE, { error: `note must be at most ${MAX_NOTE} characters` })
    .optional(),
});
export type DecideReturnBody = z.input<typeof DecideReturnBody>;

/** POST /api/admin/returns/:id/receive: whether the packs go back to stock. */
export const ReceiveReturnBody = z.object({
  restock: z.boolean({ error: 'restock must be true or false' }),
});
export type ReceiveReturnBody = z.input<typeof ReceiveReturnBody>;

export const CreditNoteListQuery = z.object({ ...staffPageFields(25) });
export const CreditNoteListResponse = listResponse(CreditNote);
export type CreditNoteListResponse = z.infer<typeof CreditNoteListResponse>;
export const CreditNoteIdParams = z.object({ id: idSchema('id') });
