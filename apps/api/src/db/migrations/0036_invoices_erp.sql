-- Invoices pushed by the ERP (docs/decisions/037-invoices.md): the push is idempotent on
-- external_ref, and the same reference with another body is refused, so the invoice keeps a
-- fingerprint (SHA-256 of the canonical body) of the push that created it. The ERP reads invoices
-- created since an instant, oldest first: an index in that order.
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "external_fingerprint" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_created_idx" ON "invoices" USING btree ("created_at","id");
