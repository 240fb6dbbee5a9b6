-- Checkout a buyer trusts (docs/product/cart-and-orders.md, "Checkout"; decision 021): the account's
-- ship-to addresses (one default at most), the account's payment terms, and on each order the
-- address it ships to (a copy: later edits of the address do not rewrite past orders), the
-- requested ship date, the payment terms and the estimated sales taxes as they were when ordered.
CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"label" text NOT NULL,
	"company" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL CHECK ("country" IN ('ca', 'us')),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_addresses_user_idx" ON "customer_addresses" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default_uq" ON "customer_addresses" USING btree ("user_id") WHERE "is_default";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_terms" text DEFAULT 'net_30' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_ship_date" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
