import { isNotNull, sql } from 'drizzle-orm';
import {
  ACCOUNT_HOLD_REASONS,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  RETURN_STATUSES,
} from '@wholesale/contract';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  instant,
  lifecycle,
  optionalLink,
  rowId,
  updatedAt,
  productAsSold,
  linePricing,
  linePriceReason,
  linePriceReasonChecks,
  country,
  documentAmounts,
  extensionOf,
  language,
  flag,
  calendarDay,
} from './columns';
import { users } from './users';
import { ownedByUser } from './user-columns';
import { orderLines, orders, shipments, type OrderShipTo } from './shopping';

/**
 * Accounts receivable (docs/product/accounts-receivable.md, docs/decisions/036-trade-credit-accounts.md).
 * A customer's balance is ALWAYS derived: invoices − received payments − credit notes + interest.
 * No running total is stored, so no write can leave it out of step.
 */

/** The trade account an approved application opens: one row per customer, locked by each order. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: extensionOf('user_id', () => users.id),
    creditLimitCents: integer('credit_limit_cents').notNull(),
    netDays: integer('net_days').notNull().default(30),
    openingDepositRequired: flag('opening_deposit_required', true),
    /** Set by staff (overdue, bounced cheque): the account's new orders wait for review. */
    holdReason: text('hold_reason', { enum: ACCOUNT_HOLD_REASONS }),
    holdNote: text('hold_note'),
    heldAt: instant('held_at'),
    heldByUserId: optionalLink('held_by_user_id', () => users.id, 'set null'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('credit_accounts_limit_not_negative', sql`${t.creditLimitCents} >= 0`),
    check('credit_accounts_net_days_range', sql`${t.netDays} between 0 and 365`),
  ],
);

/** Gapless document numbers per kind and country (invoice CA-000001, credit note CN-CA-000001). */
export const documentSequences = pgTable(
  'document_sequences',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    country: country(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.country] })],
);

export type InvoiceParty = OrderShipTo;
/** The store's registration numbers printed on an invoice (GST/HST, QST…), as they were when issued. */
export type InvoiceRegistration = { label: string; number: string };
/** A tax exemption certificate that took a tax off an invoice, printed on it. */
export type InvoiceExemption = { taxKind: string; region: string; certificateNumber: string };

/** An invoice: issued by a shipment (source 'store') or pushed by the ERP (source 'erp'). */
export const invoices = pgTable(
  'invoices',
  {
    id: rowId(),
    number: text('number').notNull(),
    userId: ownedByUser(),
    orderId: optionalLink('order_id', () => orders.id),
    /** The shipment that issued it: one invoice per shipment, each partial shipment too. */
    shipmentId: optionalLink('shipment_id', () => shipments.id),
    country: country(),
    lang: language(),
    source: text('source', { enum: ['store', 'erp'] })
      .notNull()
      .default('store'),
    /** The ERP's own key for a pushed invoice: pushing it again answers the same invoice. */
    externalRef: text('external_ref'),
    /** SHA-256 of the canonical body of the ERP's push (migration 0036): another body, same ref → 409. */
    externalFingerprint: text('external_fingerprint'),
    issuedOn: calendarDay('issued_on').notNull(),
    dueOn: calendarDay('due_on').notNull(),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }),
    poNumber: text('po_number'),
    billTo: jsonb('bill_to').$type<InvoiceParty>(),
    shipTo: jsonb('ship_to').$type<InvoiceParty>(),
    ...documentAmounts(),
    registrations: jsonb('registrations').$type<InvoiceRegistration[]>().notNull().default([]),
    exemptions: jsonb('exemptions').$type<InvoiceExemption[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_shipment_uq').on(t.shipmentId).where(isNotNull(t.shipmentId)),
    uniqueIndex('invoices_external_ref_uq').on(t.externalRef).where(isNotNull(t.externalRef)),
    index('invoices_user_issued_idx').on(t.userId, t.issuedOn.desc(), t.id.desc()),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_due_idx').on(t.dueOn),
    index('invoices_created_idx').on(t.createdAt, t.id),
    check('invoices_total_adds_up', sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);

/** What an invoice bills: the shipped lines, prices frozen from the order. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: rowId(),
    invoiceId: belongsTo('invoice_id', () => invoices.id),
    orderLineId: optionalLink('order_line_id', () => orderLines.id),
    ...productAsSold(),
    ...linePricing(),
    /** Since migration 0047, copied from the order line billed; null before and on ERP lines. */
    ...linePriceReason(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    index('invoice_lines_order_line_idx').on(t.orderLineId),
    ...linePriceReasonChecks('invoice_lines', t),
  ],
);

/**
 * Money received from a customer (cheque, transfer, card on file). A deposit names the order it
 * pays ahead. A bounced payment keeps its row with `bounced_at` set and no longer counts.
 */
export const payments = pgTable(
  'payments',
  {
    id: rowId(),
    userId: ownedByUser(),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    receivedOn: calendarDay('received_on').notNull(),
    /** The opening order this deposit pays ahead; null for an ordinary payment. */
    depositForOrderId: optionalLink('deposit_for_order_id', () => orders.id),
    source: text('source', { enum: ['staff', 'erp'] })
      .notNull()
      .default('staff'),
    externalRef: text('external_ref'),
    /** The ERP request's fingerprint: the same external_ref with another body is refused (0037). */
    requestHash: text('request_hash'),
    recordedByUserId: optionalLink('recorded_by_user_id', () => users.id, 'set null'),
    bouncedAt: instant('bounced_at'),
    bounceReason: text('bounce_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_user_received_idx').on(t.userId, t.receivedOn.desc(), t.id.desc()),
    index('payments_deposit_order_idx')
      .on(t.depositForOrderId)
      .where(isNotNull(t.depositForOrderId)),
    uniqueIndex('payments_external_ref_uq').on(t.externalRef).where(isNotNull(t.externalRef)),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A credit for the customer: a received return, or a staff adjustment. Lowers the balance. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: rowId(),
    number: text('number').notNull(),
    userId: ownedByUser(),
    invoiceId: optionalLink('invoice_id', () => invoices.id),
    returnId: integer('return_id'),
    country: country(),
    issuedOn: calendarDay('issued_on').notNull(),
    ...documentAmounts(),
    reason: text('reason'),
    issuedByUserId: optionalLink('issued_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_uq').on(t.number),
    // One credit note per received return (migration 0038).
    uniqueIndex('credit_notes_return_uq').on(t.returnId).where(isNotNull(t.returnId)),
    index('credit_notes_user_idx').on(t.userId, t.issuedOn.desc()),
    check('credit_notes_total_positive', sql`${t.totalCents} > 0`),
  ],
);

/**
 * How payments and credit notes settle invoices: exactly one of payment or credit note, an amount.
 * What is not allocated stays a credit on the account (it still lowers the balance).
 */
export const settlements = pgTable(
  'settlements',
  {
    id: rowId(),
    invoiceId: belongsTo('invoice_id', () => invoices.id),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id, {
      onDelete: 'cascade',
    }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('settlements_invoice_idx').on(t.invoiceId),
    index('settlements_payment_idx').on(t.paymentId),
    index('settlements_credit_note_idx').on(t.creditNoteId),
    check('settlements_amount_positive', sql`${t.amountCents} > 0`),
    check('settlements_one_source', sql`(${t.paymentId} is null) <> (${t.creditNoteId} is null)`),
  ],
);

/** Interest charged on an account's overdue amount, at most once per calendar month (YYYY-MM). */
export const interestCharges = pgTable(
  'interest_charges',
  {
    id: rowId(),
    userId: ownedByUser(),
    period: text('period').notNull(),
    chargedOn: calendarDay('charged_on').notNull(),
    overdueCents: integer('overdue_cents').notNull(),
    basisPoints: integer('basis_points').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('interest_charges_user_period_uq').on(t.userId, t.period),
    check('interest_charges_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A buyer's request to return lines of a shipped order (within 60 days), and what staff decided. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: rowId(),
    userId: ownedByUser(),
    orderId: belongsTo('order_id', () => orders.id),
    status: lifecycle(RETURN_STATUSES, 'requested'),
    reason: text('reason').notNull(),
    staffNote: text('staff_note'),
    decidedByUserId: optionalLink('decided_by_user_id', () => users.id, 'set null'),
    decidedAt: instant('decided_at'),
    receivedAt: instant('received_at'),
    restocked: flag('restocked', false),
    creditNoteId: optionalLink('credit_note_id', () => creditNotes.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    index('return_requests_order_idx').on(t.orderId),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: rowId(),
    returnId: belongsTo('return_id', () => returnRequests.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    /** Ship packs asked back (never more than shipped less already returned). */
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_order_line_idx').on(t.orderLineId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A customer's resale or exemption certificate (a US state resale certificate, a provincial PST
 * exemption), recorded by staff: the exempt tax leaves estimates, orders and invoices.
 */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: rowId(),
    userId: ownedByUser(),
    /** The tax it removes: 'STATE' for a US state, 'PST' or 'QST' for a province. */
    taxKind: text('tax_kind', { enum: ['STATE', 'PST', 'QST'] }).notNull(),
    /** The state or province it applies in (two letters). */
    region: text('region').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    validFrom: calendarDay('valid_from').notNull(),
    validUntil: calendarDay('valid_until'),
    recordedByUserId: optionalLink('recorded_by_user_id', () => users.id, 'set null'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tax_exemptions_user_idx').on(t.userId),
    // Migration 0039: each order with an address reads its customer's certificates of one region.
    index('tax_exemptions_user_region_idx')
      .on(t.userId, t.region)
      .where(sql`${t.revokedAt} is null`),
  ],
);
