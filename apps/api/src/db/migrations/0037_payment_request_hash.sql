-- A payment the ERP records is idempotent on its external_ref (docs/product/accounts-receivable.md
-- "Payments, statements, interest and receivables"): the same reference with the same body answers
-- the payment it made, with another body 409. The body's fingerprint (SHA-256 of its canonical
-- JSON) is kept beside the payment to tell the two apart, even after the payment bounced and its
-- settlements were removed.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "request_hash" text;
