-- Tax exemption certificates (docs/product/accounts-receivable.md "Tax exemptions"): an order
-- keeps only the taxes it charges in "taxes"; the taxes a customer's certificate exempted are kept
-- apart, each with the certificate's number, so the order says which certificate exempted which
-- tax even after the certificate is revoked: [{ kind, rate, amountCents, region, certificateNumber }].
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tax_exemptions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_exemptions_user_region_idx" ON "tax_exemptions" USING btree ("user_id","region") WHERE "tax_exemptions"."revoked_at" is null;
