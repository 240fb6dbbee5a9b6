-- Trade credit accounts and accounts receivable (docs/product/accounts-receivable.md, decision 036):
-- the account an approved application opens (limit, net days, opening deposit, hold), gapless
-- document numbers per country, invoices and their lines, payments, credit notes, what settles
-- which invoice, monthly interest, returns and tax exemption certificates. Orders learn why they
-- wait (credit hold) and the deposit they owe. Every existing customer gets its country's default
-- account, so no order path meets a customer without one.
CREATE TABLE "credit_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"credit_limit_cents" integer NOT NULL,
	"net_days" integer DEFAULT 30 NOT NULL,
	"opening_deposit_required" boolean DEFAULT true NOT NULL,
	"hold_reason" text,
	"hold_note" text,
	"held_at" timestamp with time zone,
	"held_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_limit_not_negative" CHECK ("credit_limit_cents" >= 0),
	CONSTRAINT "credit_accounts_net_days_range" CHECK ("net_days" between 0 and 365),
	CONSTRAINT "credit_accounts_hold_reason_known" CHECK ("hold_reason" in ('overdue', 'bounced_payment', 'other'))
);
--> statement-breakpoint
INSERT INTO "credit_accounts" ("user_id", "credit_limit_cents")
SELECT "id", CASE WHEN "country" = 'us' THEN 300000 ELSE 500000 END FROM "users" WHERE "role" = 'customer'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_pk" PRIMARY KEY ("kind", "country")
);
--> statement-breakpoint
INSERT INTO "document_sequences" ("kind", "country") VALUES ('invoice', 'ca'), ('invoice', 'us'), ('credit_note', 'ca'), ('credit_note', 'us');
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"order_id" integer REFERENCES "orders"("id"),
	"shipment_id" integer REFERENCES "shipments"("id"),
	"country" text NOT NULL,
	"lang" text NOT NULL,
	"source" text DEFAULT 'store' NOT NULL,
	"external_ref" text,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"payment_terms" text,
	"po_number" text,
	"bill_to" jsonb,
	"ship_to" jsonb,
	"subtotal_cents" integer NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"registrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exemptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_adds_up" CHECK ("total_cents" = "subtotal_cents" + "tax_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_shipment_uq" ON "invoices" USING btree ("shipment_id") WHERE "shipment_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_external_ref_uq" ON "invoices" USING btree ("external_ref") WHERE "external_ref" is not null;
--> statement-breakpoint
CREATE INDEX "invoices_user_issued_idx" ON "invoices" USING btree ("user_id", "issued_on" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_on");
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
	"order_line_id" integer REFERENCES "order_lines"("id"),
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"ship_pack" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "invoice_lines_order_line_idx" ON "invoice_lines" USING btree ("order_line_id");
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"deposit_for_order_id" integer REFERENCES "orders"("id"),
	"source" text DEFAULT 'staff' NOT NULL,
	"external_ref" text,
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "payments_user_received_idx" ON "payments" USING btree ("user_id", "received_on" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "payments_deposit_order_idx" ON "payments" USING btree ("deposit_for_order_id") WHERE "deposit_for_order_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_ref_uq" ON "payments" USING btree ("external_ref") WHERE "external_ref" is not null;
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"invoice_id" integer REFERENCES "invoices"("id"),
	"return_id" integer,
	"country" text NOT NULL,
	"issued_on" date NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text,
	"issued_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_positive" CHECK ("total_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "credit_notes_user_idx" ON "credit_notes" USING btree ("user_id", "issued_on" DESC);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
	"payment_id" integer REFERENCES "payments"("id") ON DELETE cascade,
	"credit_note_id" integer REFERENCES "credit_notes"("id") ON DELETE cascade,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "settlements_one_source" CHECK (("payment_id" is null) <> ("credit_note_id" is null))
);
--> statement-breakpoint
CREATE INDEX "settlements_invoice_idx" ON "settlements" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "settlements_payment_idx" ON "settlements" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "settlements_credit_note_idx" ON "settlements" USING btree ("credit_note_id");
--> statement-breakpoint
CREATE TABLE "interest_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"period" text NOT NULL,
	"charged_on" date NOT NULL,
	"overdue_cents" integer NOT NULL,
	"basis_points" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_charges_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "interest_charges_user_period_uq" ON "interest_charges" USING btree ("user_id", "period");
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"staff_note" text,
	"decided_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"restocked" boolean DEFAULT false NOT NULL,
	"credit_note_id" integer REFERENCES "credit_notes"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "return_requests_user_idx" ON "return_requests" USING btree ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL REFERENCES "return_requests"("id") ON DELETE cascade,
	"order_line_id" integer NOT NULL REFERENCES "order_lines"("id"),
	"quantity" integer NOT NULL,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");
--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");
--> statement-breakpoint
CREATE TABLE "tax_exemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"tax_kind" text NOT NULL,
	"region" text NOT NULL,
	"certificate_number" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tax_exemptions_user_idx" ON "tax_exemptions" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_released_by_user_id" integer REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_received_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("created_at", "id") WHERE "hold_reason" is not null or ("deposit_cents" > 0 and "deposit_received_at" is null);
