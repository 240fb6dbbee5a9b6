-- A received return issues exactly one credit note (docs/product/accounts-receivable.md "Returns and
-- credit notes"). The return row is locked while it is received, so two receipts cannot both pass
-- the status check; this index says the same in the data: a second credit note for one return
-- fails, whatever path writes it.
CREATE UNIQUE INDEX IF NOT EXISTS "credit_notes_return_uq" ON "credit_notes" USING btree ("return_id") WHERE "credit_notes"."return_id" is not null;
