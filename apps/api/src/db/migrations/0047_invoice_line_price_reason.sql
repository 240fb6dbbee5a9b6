-- Customer prices on invoices (docs/product/pricing.md, docs/product/accounts-receivable.md
-- "Invoices"): an invoice line keeps why its unit cost what it did, copied from the order line it
-- bills (migration 0045) when the shipment issues the invoice, so the invoice page, its PDF, the
-- ERP's feed and the invoice.created webhook say what the order said. price_reason: 'selling',
-- 'sale' or 'price_list'; null on lines issued before reasons were kept and on lines the ERP
-- pushed. The list's id, name, assignee and starting pack count are the order line's snapshot,
-- not a link (no foreign key).
ALTER TABLE "invoice_lines" ADD COLUMN IF NOT EXISTS "price_reason" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN IF NOT EXISTS "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN IF NOT EXISTS "price_list_name" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN IF NOT EXISTS "price_list_assignee" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN IF NOT EXISTS "price_min_packs" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_price_reason_check"
  CHECK ("price_reason" IS NULL OR "price_reason" IN ('selling', 'sale', 'price_list'));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_price_list_assignee_check"
  CHECK ("price_list_assignee" IS NULL OR "price_list_assignee" IN ('customer', 'group'));
