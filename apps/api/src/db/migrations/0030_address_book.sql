-- Address books (docs/product/accounts.md "Addresses"): an approved application's billing address is
-- kept on the account, flagged as such (one per account); each order remembers which address of the
-- book it ships to (besides its own copy of it, orders.ship_to), so an address an open order ships
-- to is not removed. Removing an address later leaves closed orders with their copy (set null).
ALTER TABLE "customer_addresses" ADD COLUMN "is_billing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_billing_uq" ON "customer_addresses" USING btree ("user_id") WHERE "is_billing";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_address_id" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_to_address_id_customer_addresses_id_fk" FOREIGN KEY ("ship_to_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "orders_ship_to_address_idx" ON "orders" USING btree ("ship_to_address_id") WHERE "ship_to_address_id" is not null;
